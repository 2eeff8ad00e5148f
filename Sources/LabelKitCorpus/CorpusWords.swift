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

    // The world's other scripts: everyday words and phrases written for LabelKit. Each list mixes short and long
    // words, numbers in the script's own digits where people use them, and the clusters that stress a typesetter.

    /// Arabic with full harakat, as in a schoolbook or a greeting card.
    static let arabicVocalized: [String] = [
        "مَرْحَبًا", "شُكْرًا", "كِتَابٌ", "جَمِيلٌ", "مَدِينَةٌ", "الْيَوْمَ", "غَدًا", "صَبَاحُ", "الْخَيْرِ", "مَسَاءُ",
        "النُّورِ", "أَهْلًا", "وَسَهْلًا", "قَهْوَةٌ", "بَيْتٌ", "مَدْرَسَةٌ", "الْقَمَرُ", "الشَّمْسُ", "نَحْنُ", "ذَهَبَ",
        "إِلَى", "السُّوقِ", "كَتَبَ", "رِسَالَةً", "صَدِيقِي", "عَلَى", "الطَّاوِلَةِ", "مِنْ", "فِي", "هَذَا", "بَابٌ",
        "كَبِيرٌ", "وَلَدٌ", "بِنْتٌ", "يَقْرَأُ", "الدَّرْسَ", "سَلَامٌ", "عَلَيْكُمْ", "الْحَدِيقَةِ", "جَدِّي",
    ]

    /// Arabic as it is usually typed, without harakat.
    static let arabicPlain: [String] = [
        "السوق", "الطريق", "موعد", "الاجتماع", "الساعة", "العاشرة", "صباحا", "رسالة", "جديدة", "من", "إلى", "في",
        "على", "مع", "هذا", "هذه", "الأسبوع", "القادم", "شارع", "الحديقة", "نحن", "نعمل", "التطبيق", "تحميل",
        "الإصدار", "الجديد", "حسنا", "شكرا", "جزيلا", "القاهرة", "بيروت", "الرباط", "مطعم", "لذيذ", "قريب", "المحطة",
        "القطار", "تأخر", "الطقس", "جميل", "اليوم", "غدا", "أصدقاء", "عائلة", "لا", "نعم", "كل", "شيء", "بخير",
        "الحمد", "لله", "إن", "شاء", "الله", "مستشفى", "الجامعة", "للتواصل", "بالبريد",
    ]

    /// Numbers as Arabic text writes them: Arabic-Indic digits mostly, European digits sometimes.
    static let arabicNumbers: [String] = ["٢٠٢٦", "١٠:٣٠", "٣٥", "١٢٣", "٧", "2026", "15", "٪٥٠"]

    static let arabicPunctuation = ["،", "،", "؛", "؟", "!", ":", "."]

    /// Hebrew with niqqud, as in a children's book or poetry.
    static let hebrewPointed: [String] = [
        "שָׁלוֹם", "תּוֹדָה", "בֹּקֶר", "טוֹב", "לַיְלָה", "סֵפֶר", "יֶלֶד", "יַלְדָּה", "מַיִם", "לֶחֶם", "בַּיִת", "עִיר",
        "אֶרֶץ", "שָׁמַיִם", "אַהֲבָה", "חָבֵר", "מִשְׁפָּחָה", "הַיּוֹם", "מָחָר", "גָּדוֹל", "קָטָן", "יָפֶה", "שֶׁמֶשׁ",
        "יָרֵחַ", "כּוֹכָב", "אֲנִי", "אַתָּה", "הוֹלֵךְ", "לַגַּן", "שִׁיר", "חֲלוֹם", "פַּרְפַּר",
    ]

    /// Hebrew as it is usually typed, without niqqud; maqaf-joined compounds and numbers.
    static let hebrewPlain: [String] = [
        "היום", "מחר", "פגישה", "בשעה", "עדכון", "חדש", "גרסה", "הורדה", "כאן", "תודה", "רבה", "אני", "אתה", "אנחנו",
        "עובדים", "על", "עם", "של", "בית", "קפה", "ספרייה", "תל־אביב", "ירושלים", "חיפה", "בית־ספר", "רכבת", "תחנה",
        "איחור", "מזג", "האוויר", "נעים", "חברים", "משפחה", "לא", "כן", "הכול", "בסדר", "ברוכים", "הבאים", "שבת",
        "מסעדה", "טעימה", "ליד", "הים",
    ]

    /// Numbers in Hebrew text: European digits.
    static let hebrewNumbers: [String] = ["12", "2026", "10:30", "₪45", "3", "1948"]

    /// Hindi in Devanagari: conjuncts (क्ष, त्र, ज्ञ, श्र, स्व), nukta, and Devanagari digits.
    static let devanagari: [String] = [
        "नमस्ते", "धन्यवाद", "आज", "कल", "मौसम", "बहुत", "अच्छा", "है", "हम", "बाज़ार", "जा", "रहे", "हैं", "क्षमा",
        "कीजिए", "परीक्षा", "विद्यार्थी", "पत्र", "मित्र", "श्री", "ज्ञान", "प्रधानमंत्री", "स्वागत", "राष्ट्रीय", "पुस्तक",
        "कृपया", "ध्यान", "दें", "गाड़ी", "स्टेशन", "पर", "की", "के", "में", "और", "से", "को", "नया", "संस्करण", "उपलब्ध",
        "डाउनलोड", "करें", "शुभ", "प्रभात", "दोस्त", "शहर", "दिल्ली", "मुंबई", "चाय", "पानी", "क्या", "आप", "कैसे",
        "ज़रूर", "पढ़ना", "अक्षर", "हिन्दी", "भाषा", "सुंदर", "बारिश", "गर्मी", "त्योहार", "दीवाली", "ट्रेन", "देर",
        "आएगी", "विश्वविद्यालय", "२०२६", "१०:३०", "३५",
    ]

    /// Bengali: conjuncts (ক্ষ, ন্ত, স্ব, ন্দ্র), ya-phala, khanda ta, and Bengali digits.
    static let bengali: [String] = [
        "নমস্কার", "ধন্যবাদ", "আজ", "কাল", "আবহাওয়া", "খুব", "ভালো", "আমরা", "বাজারে", "যাচ্ছি", "ক্ষমা", "করবেন",
        "পরীক্ষা", "ছাত্র", "বন্ধু", "শহর", "ঢাকা", "কলকাতা", "বই", "পড়তে", "ভালোবাসি", "স্বাগতম", "নতুন", "সংস্করণ",
        "পাওয়া", "যাচ্ছে", "দয়া", "করে", "চা", "জল", "মিষ্টি", "রাস্তা", "স্টেশন", "ট্রেন", "সকাল", "সন্ধ্যা", "আমার",
        "তোমার", "কেমন", "আছো", "বাংলা", "ভাষা", "এবং", "থেকে", "জন্য", "কিন্তু", "বৃষ্টি", "গ্রাম", "শিক্ষক", "স্কুল",
        "অক্ষর", "রবীন্দ্রনাথ", "উৎসব", "চট্টগ্রাম", "বিশ্ববিদ্যালয়", "২০২৬", "১০টা", "৩৫",
    ]

    /// Danda-ended sentences, as Hindi and Bengali write them.
    static let indicPunctuation = [",", ",", "।", "?", "!", ":"]

    /// Thai words and short phrases, joined without spaces: SARA AM (คำ, ทำ, น้ำ), tone marks, MAI YAMOK (ๆ).
    static let thai: [String] = [
        "สวัสดี", "ครับ", "ค่ะ", "วันนี้", "อากาศ", "ดี", "มาก", "เรา", "จะ", "ไป", "ตลาด", "กัน", "ขอบคุณ", "น้ำ",
        "ทำงาน", "กรุงเทพ", "เชียงใหม่", "ร้าน", "กาแฟ", "อร่อย", "พรุ่งนี้", "ประชุม", "เวลา", "สิบโมง", "เช้า",
        "ดาวน์โหลด", "เวอร์ชัน", "ใหม่", "ได้", "แล้ว", "ที่นี่", "คำ", "จำ", "ทำ", "สำคัญ", "กำลัง", "ภาษา", "ไทย",
        "หนังสือ", "อ่าน", "เขียน", "เพื่อน", "บ้าน", "โรงเรียน", "รถไฟ", "สถานี", "ฝน", "ตก", "หนัก", "ผม", "ฉัน",
        "คุณ", "ชอบ", "กิน", "ข้าว", "ผัด", "เร็วๆ", "นี้", "ช้าๆ", "หน่อย", "ราคา", "บาท", "๒๕๖๙", "๑๐", "500",
    ]

    /// Khmer words, joined without spaces: subscript consonants (ខ្ញុំ, ស្អែក, ភ្លៀង) and Khmer digits.
    static let khmer: [String] = [
        "សួស្តី", "អរគុណ", "ថ្ងៃនេះ", "អាកាសធាតុ", "ល្អ", "ណាស់", "យើង", "ទៅ", "ផ្សារ", "ភ្នំពេញ", "សៀមរាប", "កាហ្វេ",
        "ញ៉ាំ", "បាយ", "សៀវភៅ", "អាន", "សរសេរ", "មិត្តភក្តិ", "ផ្ទះ", "សាលារៀន", "ស្អែក", "ប្រជុំ", "ម៉ោង", "ដប់",
        "ព្រឹក", "ទាញយក", "កំណែ", "ថ្មី", "បាន", "ហើយ", "ភាសា", "ខ្មែរ", "ទឹក", "ភ្លៀង", "ធ្លាក់", "ខ្ញុំ", "អ្នក",
        "ចូលចិត្ត", "ស្រឡាញ់", "គ្រួសារ", "ការងារ", "ស្ពាន", "ទន្លេ", "១០", "២០២៦", "៣០",
    ]

    /// Korean words (eojeol), separated by spaces as Korean is written.
    static let korean: [String] = [
        "안녕하세요", "감사합니다", "오늘", "날씨가", "정말", "좋네요", "우리", "시장에", "갑니다", "내일", "회의는",
        "오전", "10시에", "시작합니다", "새", "버전을", "다운로드하세요", "커피", "한잔", "할까요", "서울", "부산",
        "지하철", "역", "근처에", "맛있는", "식당이", "있어요", "주말에", "친구와", "영화를", "봤어요", "책을", "읽는",
        "것을", "좋아합니다", "한국어", "공부", "학교", "집", "비가", "와요", "사랑해요", "고마워", "네", "아니요",
        "2026년", "12월", "3,000원", "앱", "업데이트",
    ]

    /// Simplified Chinese words and phrases, joined without spaces.
    static let chinese: [String] = [
        "今天", "天气", "很好", "我们", "去", "公园", "散步", "明天", "上午", "十点", "开会", "新版本", "已经", "发布",
        "请", "点击", "这里", "下载", "北京", "上海", "的", "地铁站", "附近", "有", "一家", "好吃的", "面馆", "周末",
        "和朋友", "看电影", "喝咖啡", "读书", "学习", "中文", "排版", "很难", "但是", "很有意思", "软件工程师", "谢谢",
        "你好", "欢迎", "光临", "注意安全", "手机", "应用程序", "互联网", "春天", "下雨了", "2026年", "12月", "3日",
        "价格", "元", "广州", "深圳", "火车", "晚点了",
    ]

    /// Latin words Chinese text carries, usually with a space on either side.
    static let chineseLatin: [String] = ["iPhone", "Wi-Fi", "App", "GitHub", "5G", "Linux", "OK", "100%"]

    static let chineseOpeners = ["“", "《", "（", "「"]
    static let chineseClosers = ["”", "》", "）", "」"]
    static let chinesePunctuation = ["，", "，", "。", "、", "！", "？", "；", "："]

    /// Right-to-left phrases as they turn up inside English text: names, addresses, greetings, some with numbers.
    static let rightToLeftPhrases: [String] = [
        "مرحبا بالعالم", "شارع الملك فهد", "مكتبة الإسكندرية", "شكرا جزيلا", "صباح الخير", "الطابق ٣",
        "مَرْحَبًا بِكُمْ", "שלום עולם", "רחוב הרצל 12", "בית הספר", "תודה רבה", "ספר חדש", "קומה 3", "שָׁלוֹם",
    ]

    /// Numbers in the notations English text mixes with right-to-left words.
    static let numbers: [String] = [
        "123", "4,500", "12.5%", "+1 555 0100", "2026-12-02", "#42", "١٢٣", "v2.1", "3/4", "−7°C", "$19.99", "10:30",
        "(555)", "№ 7", "1st", "20×30",
    ]
}
