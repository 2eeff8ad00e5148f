// A renderer's users need the layout it draws and the link overlays it draws over it.
@_exported import LabelKitInteraction
@_exported import LabelKitLayout
@_exported import LabelKitText
