import LabelKitText

extension LanguageTag {
    /// The language as fontconfig's `FC_LANG` names it ("zh-cn", "zh-tw", "zh-hk", "ja", "ko", "sr"), for the font
    /// system's matching and fallback order.
    ///
    /// fontconfig knows Chinese by territory, not by script, and knows no "zh-sg" or "zh-mo" (it falls back to its
    /// default order for them), so Chinese is mapped as a reader expects: `zh-Hans`, `zh-CN`, `zh-SG` and bare `zh`
    /// to "zh-cn" (Noto Sans CJK SC); `zh-Hant` and `zh-TW` to "zh-tw" (TC); `zh-HK`, `zh-MO` and `zh-Hant-HK` to
    /// "zh-hk" (HK); a script wins over a region (`zh-Hans-HK` is Simplified). Cantonese (`yue`) is read as
    /// "zh-hk" unless it says `Hans`. Any other tag is its language alone ("ko" for `ko-KR`: fontconfig ranks an
    /// unknown territory no better than another language's font that covers it), or its language and territory where
    /// fontconfig has an orthography of that territory ("pa-pk", "az-ir").
    ///
    /// ```swift
    /// try LanguageTag("zh-Hant-HK").fontconfigLanguage   // "zh-hk"
    /// ```
    public var fontconfigLanguage: String {
        let language = self.language
        let region = self.region
        switch language {
        case "zh", "yue":
            switch script {
            case "Hans": return "zh-cn"
            case "Hant": return region == "HK" || region == "MO" ? "zh-hk" : "zh-tw"
            default: break
            }
            switch region {
            case "TW": return "zh-tw"
            case "HK", "MO": return "zh-hk"
            case "CN", "SG": return "zh-cn"
            default: return language == "yue" ? "zh-hk" : "zh-cn"
            }
        default:
            // A territory fontconfig does not know would count against every font of the language (it takes "ko-kr"
            // for no better than the JP face's "ko"): only its own territorial orthographies keep theirs.
            guard let region else { return language }
            let territorial = language + "-" + region.lowercased()
            return Self.fontconfigTerritories.contains(territorial) ? territorial : language
        }
    }

    /// The orthographies fontconfig knows by language and territory, Chinese aside (fontconfig's `fclang.h`).
    private static let fontconfigTerritories: Set<String> = [
        "az-az", "az-ir", "ku-am", "ku-iq", "ku-ir", "ku-tr", "mn-cn", "mn-mn", "pa-pk",
    ]
}
