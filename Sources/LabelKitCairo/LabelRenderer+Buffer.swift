import LabelKitLayout

extension LabelRenderer {
    /// The size in pixels of the image ``render(_:)`` makes of `layout`: `ceil(layout.bounds.size × scale)`.
    ///
    /// ```swift
    /// let (width, height) = try renderer.pixelSize(of: layout)
    /// var pixels = [UInt8](repeating: 0, count: width * height * 4)
    /// ```
    ///
    /// - Throws: ``RenderError/invalidOption(_:)`` for a bad scale; ``RenderError/surfaceCreationFailed(width:height:reason:)``
    ///   for an image too large.
    public func pixelSize(of layout: TextLayout) throws(RenderError) -> (width: Int, height: Int) {
        let (width, height) = try RasterCanvas.pixelSize(of: layout, with: self)
        return (width, height)
    }

    /// Draws `layout` into memory the caller owns — an SDL texture's, a reused buffer — with no image made or copied.
    ///
    /// The pixels are ``RenderedImage``'s: premultiplied ARGB32, a native-endian `UInt32` `0xAARRGGBB` each. The
    /// label's ``pixelSize(of:)`` pixels are written at the start of `buffer`, rows `stride` bytes apart; every one of
    /// them is written (the background, or transparent without one), and nothing outside them.
    ///
    /// ```swift
    /// let (width, height) = try renderer.pixelSize(of: layout)
    /// var pixels = [UInt8](repeating: 0, count: width * height * 4)
    /// try pixels.withUnsafeMutableBytes { try renderer.render(layout, into: $0, stride: width * 4) }
    /// ```
    ///
    /// - Throws: ``RenderError/invalidOption(_:)`` when `stride` is not a multiple of 4 at least `width × 4`, when
    ///   `buffer` is too small for `height` rows of it or not 4-byte aligned, or for a bad scale; what
    ///   ``render(_:)`` throws otherwise.
    public func render(_ layout: TextLayout, into buffer: UnsafeMutableRawBufferPointer, stride: Int)
        throws(RenderError)
    {
        let (width, height) = try RasterCanvas.pixelSize(of: layout, with: self)
        guard width > 0, height > 0 else { return }
        guard stride >= width * 4, stride % 4 == 0 else {
            throw .invalidOption("stride must be a multiple of 4 and at least \(width * 4) bytes, not \(stride)")
        }
        let (rows, rowsOverflow) = stride.multipliedReportingOverflow(by: height - 1)
        let (needed, overflow) = rows.addingReportingOverflow(width * 4)
        guard !rowsOverflow, !overflow, buffer.count >= needed, let base = buffer.baseAddress else {
            throw .invalidOption(
                "the buffer holds \(buffer.count) bytes; \(width)×\(height) pixels \(stride) bytes apart need more")
        }
        guard Int(bitPattern: base) % 4 == 0 else {
            throw .invalidOption("the buffer must be 4-byte aligned")
        }
        try RasterCanvas.draw(layout, with: self, into: base, width: width, height: height, stride: stride)
    }
}
