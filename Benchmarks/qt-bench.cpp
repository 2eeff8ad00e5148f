/*
 * qt-bench: Qt 6's side of `make bench` (issue 28's target: LabelKit cold ≥ 2× Qt). Lays out every label of
 * bench/corpus.tsv with a new QTextLayout per label, as a Qt widget that draws its own text would: the UTF-8 text
 * into a QString, hard breaks made line separators, then beginLayout / createLine + setLineWidth(width) until no
 * line is left / endLayout, and the label's size read off the lines (the widest line's natural width, the sum of the
 * line heights).
 *
 * Settings, chosen to match the other engines: QFont "DejaVu Sans" at pixel size 15 with hinting off
 * (QFont::PreferNoHinting: unhinted advances and metrics, as Pango's hint-metrics-off) and Qt's fontconfig fallback
 * for every other script; QTextOption::WrapAtWordBoundaryOrAnywhere, greedy filling that breaks at line-break
 * opportunities and inside a word only where the word alone overflows the line (Pango's WORD_CHAR, LabelKit's
 * emergency breaks). A line's height is its ascent + descent, unrounded (QTextLine::height() rounds it up to a
 * whole pixel; no leading, QTextLine's default), as LabelKit's used height. The offscreen platform
 * (QT_QPA_PLATFORM=offscreen, set here) needs no display; its font database is fontconfig's.
 *
 * Hard breaks: QTextLayout lays out one paragraph and breaks a line inside it only at QChar::LineSeparator (U+2028);
 * a line feed, a carriage return or U+2029 there is a zero-width character that breaks nothing (Qt 6.4). The
 * corpus's hard breaks are line feeds (escaped as \n in the TSV), so each label's line feeds become U+2028 — inside
 * the timed work, as an app would have to do.
 *
 * Usage: qt-bench DIR   writes DIR/qt.txt (figures, as pango.txt) and DIR/qt-labels.tsv (lines and height per label)
 * Build: make bench     (g++ -O2 ... $(pkg-config --cflags --libs Qt6Gui))
 */
#include <QFont>
#include <QGuiApplication>
#include <QString>
#include <QTextLayout>
#include <QTextOption>
#include <QVersionNumber>

#include "bench-common.h"

namespace {

struct QtLabeller {
    QFont font;
    QTextOption option;
    long long sink = 0;
};

struct LabelSize {
    int lines;
    double width;
    double height;
};

LabelSize layOut(const bench_label &label, const QtLabeller &labeller) {
    QString text = QString::fromUtf8(label.text, label.length);
    text.replace(QLatin1Char('\n'), QChar::LineSeparator);
    QTextLayout layout(text, labeller.font);
    layout.setTextOption(labeller.option);
    double width = 0, height = 0;
    layout.beginLayout();
    for (;;) {
        QTextLine line = layout.createLine();
        if (!line.isValid()) break;
        line.setLineWidth(label.width);
        line.setPosition(QPointF(0, height));
        height += line.ascent() + line.descent();
        width = qMax(width, line.naturalTextWidth());
    }
    layout.endLayout();
    return {layout.lineCount(), width, height};
}

void measureLabel(const bench_label *label, void *context) {
    QtLabeller &labeller = *static_cast<QtLabeller *>(context);
    LabelSize size = layOut(*label, labeller);
    labeller.sink += (long long)size.height + (long long)size.width;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 2) bench_fail("usage: qt-bench DIR", NULL);
    const char *directory = argv[1];
    qputenv("QT_QPA_PLATFORM", "offscreen");
    int qtArgc = 1;
    QGuiApplication application(qtArgc, argv);

    int count = 0;
    bench_label *labels = bench_read_corpus(directory, &count);

    QtLabeller labeller;
    labeller.font = QFont(QStringLiteral("DejaVu Sans"));
    labeller.font.setPixelSize(15);
    labeller.font.setHintingPreference(QFont::PreferNoHinting);
    labeller.option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);

    double rates[KIND_COUNT + 2];
    bench_rates_per_kind(labels, count, measureLabel, &labeller, rates);
    fprintf(stderr, "Qt layout: done\n");

    /* Per-label answers for the agreement: line count and height (the sum of the line heights, unrounded). */
    FILE *perLabel = bench_open_output(directory, "qt-labels.tsv");
    for (int i = 0; i < count; i++) {
        LabelSize size = layOut(labels[i], labeller);
        fprintf(perLabel, "%d %.4f\n", size.lines, size.height);
    }
    fclose(perLabel);

    FILE *output = bench_open_output(directory, "qt.txt");
    bench_write_rates(output, "layout", rates);
    fprintf(output, "peak_rss_mb %.1f\n", bench_peak_rss_mb());
    /* The Qt that ran, as one number for the report (6.4.2 → 60402). */
    QVersionNumber version = QVersionNumber::fromString(QLatin1String(qVersion()));
    fprintf(output, "qt_version %d\n",
            version.majorVersion() * 10000 + version.minorVersion() * 100 + version.microVersion());
    fprintf(output, "checksum %lld\n", labeller.sink);
    fclose(output);

    for (int i = 0; i < count; i++) free(labels[i].text);
    free(labels);
    return 0;
}
