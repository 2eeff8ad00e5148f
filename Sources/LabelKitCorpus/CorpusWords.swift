/// Word lists for the corpus, written for LabelKit (no copied text).
enum CorpusWords {
    static let english: [String] = [
        "the", "a", "and", "of", "to", "in", "is", "it", "that", "for", "on", "with", "as", "at", "by", "from", "or",
        "you", "we", "they", "our", "your", "this", "will", "can", "just", "new", "more", "about", "after", "before",
        "today", "tomorrow", "weekend", "release", "update", "version", "label", "layout", "text", "font", "line",
        "width", "height", "library", "server", "render", "measure", "window", "button", "table", "row", "column",
        "morning", "coffee", "meeting", "project", "deadline", "feature", "bug", "fixed", "shipped", "reviewed",
        "beautiful", "quickly", "carefully", "really", "absolutely", "internationalization", "typography",
        "accessibility", "configuration", "performance", "documentation", "straightforward", "notwithstanding",
        "check", "read", "write", "build", "test", "share", "follow", "join", "watch", "download", "install",
        "people", "team", "friends", "city", "river", "mountain", "garden", "kitchen", "station", "airport",
        "blue", "green", "quiet", "bright", "small", "large", "early", "late", "simple", "clever", "honest",
        "don't", "it's", "we're", "you'll", "co-founder", "e-mail", "self-hosted", "well-known", "3.5", "2026",
        "10:30", "$25", "100%", "(beta)", "\"quoted\"", "v2.1.0",
    ]

    static let urls: [String] = [
        "https://example.com", "https://example.org/docs/getting-started", "http://labelkit.test/a/b?c=1&d=2",
        "www.example.net/blog/2026/11/typesetting-on-linux", "https://shop.example.com/items/12345#reviews",
        "example.com/x", "https://very-long-subdomain.example.co.uk/path/to/a/really/deep/resource.html",
        "mailto:hello@example.com", "ftp://files.example.com/pub/readme.txt",
    ]

    static let mentions: [String] = [
        "@anna", "@bob_builder", "@kenji.t", "@linh_nguyen", "@a", "@swift_on_linux", "@design-team", "@MariaGarcia",
    ]

    static let hashtags: [String] = [
        "#swift", "#linux", "#typography", "#opensource", "#buildinpublic", "#a11y", "#日本語", "#TGIF", "#2026",
    ]

    /// Japanese phrases, joined without spaces; punctuation is added by the generator.
    static let japanese: [String] = [
        "今日は", "天気が", "とても", "良いので", "公園を", "散歩しました", "明日の", "会議は", "午前十時から",
        "始まります", "決済をしたと同時に", "利用規約に", "同意したと", "みなします", "新しい", "バージョンを",
        "リリース", "しました", "ダウンロードは", "こちらから", "東京駅の", "近くに", "美味しい", "ラーメン屋が",
        "あります", "週末は", "友達と", "映画を", "見に行く", "予定です", "日本語の", "文字組みは", "難しい",
        "けれど", "面白い", "ソフトウェア", "エンジニア", "として", "働いて", "います", "コーヒーを", "飲みながら",
        "本を", "読む", "のが", "好きです", "電車が", "遅れて", "いる", "ようです", "お知らせ", "ありがとう",
        "ございます", "よろしく", "お願いします", "春", "夏", "秋", "冬", "桜が", "咲き", "始めました",
        "ｶﾀｶﾅ", "ＡＢＣ", "１２３", "スマートフォン", "アプリケーション", "インターネット",
    ]

    static let japaneseOpeners = ["「", "『", "（", "【"]
    static let japaneseClosers = ["」", "』", "）", "】"]
    static let japanesePunctuation = ["、", "。", "！", "？", "…", "・", "ー"]

    static let vietnamese: [String] = [
        "Tiếng", "Việt", "người", "đẹp", "những", "chúng", "tôi", "học", "trường", "nước", "phở", "bánh", "mì",
        "cà", "phê", "sữa", "đá", "thành", "phố", "Hồ", "Chí", "Minh", "Hà", "Nội", "mưa", "nắng", "gió", "ngày",
        "hôm", "nay", "trời", "rất", "xin", "chào", "cảm", "ơn", "bạn", "khỏe", "không", "được", "điện", "thoại",
        "máy", "tính", "yêu", "thương", "gia", "đình", "cuộc", "sống", "công", "việc", "buổi", "sáng", "tối",
        "quyển", "sách", "nhiều", "ít", "mới", "cũ", "đường", "phụ", "nữ", "thế", "giới", "nghiêng", "khuyến",
        "mãi", "giảm", "giá", "Đà", "Nẵng", "Huế", "Cần", "Thơ", "ở", "và", "của", "với", "trong", "để",
    ]

    static let emoji: [String] = [
        "😀", "😂", "🥲", "😍", "🤔", "👍", "👍🏽", "👋🏾", "🙏🏼", "💪🏿", "👩🏻‍💻", "🧑🏿‍🚀", "👨‍👩‍👧‍👦", "👩‍❤️‍👨",
        "🏳️‍🌈", "🏴‍☠️", "🏃‍♀️", "🧗🏽‍♂️", "🇯🇵", "🇻🇳", "🇺🇸", "🇩🇪", "🇧🇷", "🇮🇱", "❤️", "❤️‍🔥", "✨", "🔥",
        "🎉", "☕", "☕️", "🍣", "🐱", "🐈‍⬛", "🌏", "🚀", "✅", "⚠️", "1️⃣", "#️⃣", "©️", "™", "☺", "✌🏻",
    ]

    static let emojiWords: [String] = [
        "party", "tonight", "thanks", "so", "good", "love", "this", "shipping", "now", "yay", "wow", "ok", "team",
        "lunch", "coffee", "go", "done", "happy", "birthday", "congrats", "see", "you", "soon", "!!", "lol",
    ]

    static let arabic: [String] = [
        "مرحبا", "العالم", "كتاب", "شكرا", "السلام", "عليكم", "مدينة", "جميل", "اليوم", "١٢٣",
    ]

    static let hebrew: [String] = ["שלום", "עולם", "ספר", "תודה", "בוקר", "טוב", "עיר", "יפה", "היום", "חדש"]
}
