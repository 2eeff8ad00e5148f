// swift-tools-version:6.0
import PackageDescription

// The static libraries of Foundation a statically linked `labelkit` needs beside libFoundation.a (see its target).
let staticFoundation = [
    "FoundationEssentials", "FoundationInternationalization", "CoreFoundation", "_FoundationCShims",
    "_FoundationCollections", "_FoundationICU",
]

let package = Package(
    name: "LabelKit",
    products: [
        .library(name: "LabelKit", targets: ["LabelKit"]),
        .library(name: "LabelKitText", targets: ["LabelKitText"]),
        .library(name: "LabelKitLinks", targets: ["LabelKitLinks"]),
        .library(name: "LabelKitLayout", targets: ["LabelKitLayout"]),
        .library(name: "LabelKitInteraction", targets: ["LabelKitInteraction"]),
        .library(name: "LabelKitLinux", targets: ["LabelKitLinux"]),
        .library(name: "LabelKitTestSupport", targets: ["LabelKitTestSupport"]),
        .library(name: "LabelKitCairo", targets: ["LabelKitCairo"]),
        .executable(name: "labelkit", targets: ["labelkit"]),
        .library(name: "LabelKitSDL", targets: ["LabelKitSDL"]),
        .executable(name: "labelkit-demo", targets: ["labelkit-demo"]),
    ],
    targets: [
        // System libraries from Debian: a module map and a shim header each.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        // Cairo's headers only: CCairoLoader defines the functions LabelKitCairo calls and opens libcairo.so.2 on the
        // first of them, so that a process that never draws never loads Cairo and the libraries it needs.
        .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev"])]),
        .target(name: "CCairoLoader", dependencies: ["CCairo", "CFreeType"]),
        // ICU behind plain C functions: Foundation bundles its own ICU, so Swift must never see ICU's headers.
        .target(name: "CICUShim", linkerSettings: [.linkedLibrary("icuuc")]),

        // The pure layers, each a module the compiler keeps apart; none imports C. Text model and Unicode first; link
        // detection over the text alone, so that a server can detect links without a typesetter; the font-system
        // interface, typesetting and the layout; then link styling and the interaction machines over the layout.
        .target(name: "LabelKitText"),
        .target(name: "LabelKitLinks", dependencies: ["LabelKitText"]),
        .target(name: "LabelKitLayout", dependencies: ["LabelKitText"]),
        .target(name: "LabelKitInteraction", dependencies: ["LabelKitLayout", "LabelKitText"]),
        // The Linux backends (ICU, fontconfig, FreeType, HarfBuzz, libhyphen) and the system typesetter over them.
        .target(
            name: "LabelKitLinux",
            dependencies: [
                "LabelKitText", "LabelKitLayout", "CHarfBuzz", "CFreeType", "CFontconfig", "CHyphen", "CICUShim",
            ]
        ),
        // What apps import: re-exports the layers above and the Linux backends, and declares nothing of its own.
        .target(
            name: "LabelKit",
            dependencies: ["LabelKitText", "LabelKitLinks", "LabelKitLayout", "LabelKitInteraction", "LabelKitLinux"]
        ),
        // For apps' tests and ours: a font system whose every grapheme is one em wide, and a text analyzer without
        // ICU, so that layout and interaction tests need no system fonts.
        .target(name: "LabelKitTestSupport", dependencies: ["LabelKitLayout", "LabelKitText"]),
        // The renderer draws through the layout's public API (FontFace describes its font file): no backend module.
        .target(
            name: "LabelKitCairo",
            dependencies: [
                "LabelKitLayout", "LabelKitInteraction", "LabelKitText", "CCairo", "CCairoLoader", "CFreeType",
                "CPixelCompositing",
            ]
        ),
        // The renderer's pixel loops: glyph images composited with pixman's arithmetic (plain C, no library).
        .target(name: "CPixelCompositing"),
        // Release builds on Linux carry the Swift runtime and Foundation inside the binary even without `make
        // install`'s --static-swift-stdlib, and link at a fixed address (-no-pie: no relative relocations to apply):
        // `swift build -c release` then makes the binary the install makes, which needs Debian's libraries only (32
        // rather than 46 with the toolchain's) and starts without binding the toolchain's shared libraries' symbols
        // (a one-shot `measure`: 64.1 M instructions → 41.2 M, the loader's 21.9 M → 5.2 M). The driver's
        // -static-stdlib leaves naming Foundation's static libraries to the link (staticFoundation).
        .executableTarget(
            name: "labelkit", dependencies: ["LabelKit", "LabelKitCairo", "LabelKitJSON", "LabelKitSamples"],
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-Xlinker", "-no-pie"], .when(platforms: [.linux], configuration: .release))
            ] + staticFoundation.map { .linkedLibrary($0, .when(platforms: [.linux], configuration: .release)) }
        ),
        // The rich text that `labelkit demo` and `labelkit-demo` both show.
        .target(name: "LabelKitSamples", dependencies: ["LabelKit"]),
        // JSON Lines in and out for the command line and the demo: one writer, one number format, a reader for known
        // keys, and the command line's readers of colours and suggestions (also fuzzed by Fuzz/InputFuzzer). Internal
        // to the package: not a product.
        .target(name: "LabelKitJSON", dependencies: ["LabelKitText"]),
        // `make bench`: LabelKit's side of the benchmark; the Pango and HarfBuzz harnesses beside it are C programs
        // built by gcc (Benchmarks/*.c), never SwiftPM targets.
        .executableTarget(
            name: "LabelKitBench", dependencies: ["LabelKit", "LabelKitCairo", "LabelKitCorpus", "CBenchMemory"],
            path: "Benchmarks/LabelKitBench"
        ),
        .target(name: "CBenchMemory", path: "Benchmarks/CBenchMemory"),
        // Deterministic test and benchmark texts; pure Swift.
        .target(name: "LabelKitCorpus"),

        // Every test process runs under Tests/Fonts/fonts.conf, the fonts `make deps` installs and nothing else: a C
        // constructor sets FONTCONFIG_FILE before any test runs (LABELKIT_SYSTEM_FONTS=1 turns it off). Only test
        // targets depend on it, so no product carries it.
        .target(name: "CTestFontConfiguration", path: "Tests/Fonts", exclude: ["fonts.conf"], publicHeadersPath: "."),

        .testTarget(name: "LabelKitTextTests", dependencies: ["LabelKitText"]),
        .testTarget(
            name: "LabelKitLayoutTests",
            dependencies: ["LabelKitLayout", "LabelKitInteraction", "LabelKitText", "LabelKitTestSupport"]),
        .testTarget(
            name: "LabelKitTests",
            dependencies: [
                "LabelKit", "LabelKitLayout", "LabelKitCairo", "LabelKitCorpus", "LabelKitTestSupport",
                "CTestFontConfiguration",
            ],
            exclude: ["Goldens"]),
        // Goldens are found through #filePath so that recording (LABELKIT_RECORD_GOLDENS=1) writes into the source tree.
        .testTarget(
            name: "LabelKitCairoTests", dependencies: ["LabelKitCairo", "LabelKit", "CTestFontConfiguration"],
            exclude: ["Goldens"]),
        .testTarget(
            name: "LabelKitCLITests",
            dependencies: ["labelkit", "LabelKitJSON", "LabelKit", "LabelKitCorpus", "CTestFontConfiguration"]
        ),
        .testTarget(name: "FontSystemTests", dependencies: ["LabelKit", "LabelKitLinux", "CTestFontConfiguration"]),
        .testTarget(name: "ICUAnalysisTests", dependencies: ["LabelKit", "LabelKitCorpus", "CTestFontConfiguration"]),
        // Agreement with Pango, run as a separate C program (Tests/Oracles): Pango never links into a target.
        .testTarget(
            name: "PangoAgreementTests", dependencies: ["LabelKit", "LabelKitCorpus", "CTestFontConfiguration"]),
        // Agreement with CSS as headless Chromium lays it out (ruby), run through Tests/Oracles/chromium-ruby-oracle.py.
        .testTarget(name: "ChromiumAgreementTests", dependencies: ["LabelKit", "CTestFontConfiguration"]),
        // Fixtures/links.json is read through #filePath, like the twitter-text files.
        .testTarget(
            name: "LinkDetectionTests", dependencies: ["LabelKitLinks", "LabelKitText"], exclude: ["Fixtures"]),

        .executableTarget(
            name: "LinkDetectionBench", dependencies: ["LabelKitLinks", "LabelKitCorpus"],
            path: "Benchmarks/LinkDetectionBench"
        ),
        .testTarget(
            name: "InteractionTests", dependencies: ["LabelKit", "LabelKitTestSupport", "CTestFontConfiguration"]),

        // A window: SDL2 behind owned wrappers in LabelKitSDL; the core never sees SDL.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        // GDBus for the views' AT-SPI bridge (screen readers); touched in one file of LabelKitSDL.
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "LabelKitSDL", dependencies: ["LabelKit", "LabelKitCairo", "CSDL2", "CGio"]),
        .executableTarget(
            name: "labelkit-demo", dependencies: ["LabelKitSDL", "LabelKitCorpus", "LabelKitJSON", "LabelKitSamples"]),
        .testTarget(
            name: "LabelKitSDLTests", dependencies: ["LabelKitSDL", "LabelKitCorpus", "CTestFontConfiguration"]),
    ],
    swiftLanguageModes: [.v6]
)

// `make fuzz` only (LABELKIT_FUZZ=1, its own scratch path, -sanitize=fuzzer,address): one libFuzzer program per
// surface, in Fuzz/. Absent otherwise, so `swift build` and `make test` never build them.
if Context.environment["LABELKIT_FUZZ"] != nil {
    package.targets += [
        .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/FuzzSupport"),
        .executableTarget(
            name: "LayoutFuzzer", dependencies: ["FuzzSupport", "LabelKit", "LabelKitCairo"], path: "Fuzz/LayoutFuzzer"
        ),
        .executableTarget(
            name: "LinkFuzzer", dependencies: ["FuzzSupport", "LabelKitLinks", "LabelKitText"],
            path: "Fuzz/LinkFuzzer"),
        .executableTarget(
            name: "InputFuzzer", dependencies: ["FuzzSupport", "LabelKitText", "LabelKitInteraction", "LabelKitJSON"],
            path: "Fuzz/InputFuzzer"
        ),
        .executableTarget(
            name: "InteractionFuzzer", dependencies: ["FuzzSupport", "LabelKit"], path: "Fuzz/InteractionFuzzer"
        ),
        .executableTarget(name: "HTMLFuzzer", dependencies: ["FuzzSupport", "LabelKitText"], path: "Fuzz/HTMLFuzzer"),
        .executableTarget(
            name: "PangoMarkupFuzzer", dependencies: ["FuzzSupport", "LabelKitText"], path: "Fuzz/PangoMarkupFuzzer"),
    ]
}
