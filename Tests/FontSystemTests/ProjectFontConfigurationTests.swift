import Foundation
import Testing

/// Tests/Fonts/fonts.conf, the configuration every test process runs under (Tests/Fonts/ProjectFontConfiguration.c),
/// against Debian on the machine that runs the tests: exactly the font files of the Makefile's font packages, Debian's
/// rules for them, and nothing a machine adds — so that a desktop with more fonts gets the same results, and so that
/// the file cannot drift silently when Debian updates a package (regenerate it with Scripts/generate-fonts-conf.py).
@Suite("The tests' fontconfig configuration")
struct ProjectFontConfigurationTests {
    typealias Configuration = ProjectFontConfiguration

    @Test("it accepts exactly the font files of the Makefile's font packages, and rejects the rest of their folders")
    func fontFilesArePackagesFiles() throws {
        let configuration = try Configuration.checkedIn()
        let fonts = try Configuration.fontFiles(of: try Configuration.fontPackages())
        #expect(fonts.count > 250, "\(fonts.count) font files")
        #expect(configuration.accepted == fonts, "\(Configuration.differences(configuration.accepted, fonts))")
        let directories = Set(fonts.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }).sorted()
        #expect(configuration.directories == directories)
        #expect(Set(directories.map { "\($0)/*" }).isSubset(of: configuration.rejected))
    }

    @Test("its rules are Debian's for those packages, file by file in conf.d's order, and no user's or machine's own")
    func rulesAreDebiansForThePackages() throws {
        let configuration = try Configuration.checkedIn()
        var rules: [String: String] = [:]
        for package in ["fontconfig-config"] + (try Configuration.fontPackages()) {
            for path in try Configuration.files(of: package) {
                let link = URL(fileURLWithPath: path)
                let name = link.lastPathComponent
                guard link.deletingLastPathComponent().path == "/etc/fonts/conf.d", name.hasSuffix(".conf"),
                    name != "50-user.conf", name != "51-local.conf"
                else { continue }
                rules[name] = link.resolvingSymlinksInPath().path
            }
        }
        // What fontconfig-config's debconf questions add by default: slight hinting, no bitmap fonts.
        for name in ["10-hinting-slight.conf", "70-no-bitmaps.conf"] {
            rules[name] = "/usr/share/fontconfig/conf.avail/\(name)"
        }
        #expect(configuration.includes == rules.sorted { $0.key < $1.key }.map(\.value))
        for include in configuration.includes {
            var isDirectory: ObjCBool = false
            #expect(
                FileManager.default.fileExists(atPath: include, isDirectory: &isDirectory) && !isDirectory.boolValue)
        }
    }

    @Test("fontconfig under it lists exactly those font files, whatever else the machine has")
    func fontconfigSeesOnlyThePackagesFonts() throws {
        let fonts = try Configuration.fontFiles(of: try Configuration.fontPackages())
        let listed = try Configuration.listedFontFiles(configuration: Configuration.file)
        #expect(listed == Set(fonts), "\(Configuration.differences(listed.sorted(), fonts))")
    }

    /// fonts-noto-extra, fonts-noto-ui-core and fonts-dejavu-extra put files beside the packages' own. Here a folder
    /// stands in for DejaVu's: links to its accepted files and one more font, under the configuration with the
    /// folder's path in place of DejaVu's.
    @Test("a font another package puts in one of the packages' folders is not seen")
    func anotherPackagesFileInASharedFolderIsNotSeen() throws {
        let configuration = try Configuration.checkedIn()
        let shared = "/usr/share/fonts/truetype/dejavu"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-fonts-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fonts = folder.appendingPathComponent("dejavu")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        var accepted: Set<String> = []
        for path in configuration.accepted where path.hasPrefix(shared + "/") {
            let link = fonts.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent)
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: path)
            accepted.insert(link.path)
        }
        let foreign = fonts.appendingPathComponent("DejaVuSans-Foreign.ttf").path
        let foreignSource = try #require(configuration.accepted.first { $0.hasSuffix("/NotoSans-Regular.ttf") })
        try FileManager.default.createSymbolicLink(atPath: foreign, withDestinationPath: foreignSource)

        // Its own cache first: fontconfig writes a new folder's cache to the first cache folder it may write to.
        let text = configuration.text.replacingOccurrences(of: shared, with: fonts.path).replacingOccurrences(
            of: "<cachedir>/var/cache/fontconfig</cachedir>",
            with: "<cachedir>\(folder.path)/cache</cachedir><cachedir>/var/cache/fontconfig</cachedir>")
        let variant = folder.appendingPathComponent("fonts.conf")
        try text.write(to: variant, atomically: true, encoding: .utf8)
        let listed = try Configuration.listedFontFiles(configuration: variant)
        #expect(accepted.count > 10 && listed.filter { $0.hasPrefix(fonts.path + "/") } == accepted)
        #expect(!listed.contains(foreign))

        // Without the folder's rejection fontconfig takes the foreign file: it is a font fontconfig would list.
        let open = folder.appendingPathComponent("open.conf")
        try text.replacingOccurrences(of: "<glob>\(fonts.path)/*</glob>", with: "")
            .write(to: open, atomically: true, encoding: .utf8)
        #expect(try Configuration.listedFontFiles(configuration: open).contains(foreign))
    }

    @Test("this test process runs under it, unless LABELKIT_SYSTEM_FONTS=1 asks for the system's configuration")
    func theTestProcessRunsUnderIt() {
        let environment = ProcessInfo.processInfo.environment
        if environment["LABELKIT_SYSTEM_FONTS"] == "1" {
            #expect(environment["FONTCONFIG_FILE"] != Configuration.file.path)
        } else {
            #expect(environment["FONTCONFIG_FILE"] == Configuration.file.path)
        }
    }
}
