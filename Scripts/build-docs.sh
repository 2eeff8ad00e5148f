#!/usr/bin/env bash
# make docs: the API documentation of LabelKit's public modules as one static DocC site, built from symbol graphs
# with the toolchain's docc (no package plugin). Generated, never committed: it lands in $DOCS_OUT/site
# (.build/docs/site by default).
#
# The build fails on any DocC warning — a ``Symbol`` link that does not resolve, a documented parameter that does
# not exist — and on any public declaration whose documentation has no summary.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
SWIFT=${SWIFT:-swift}
DOCC=${DOCC:-docc}
out=${DOCS_OUT:-.build/docs}
catalog=Documentation/LabelKit.docc
# The modules apps import. One convert holds them all, so that an article or a doc comment can link a symbol of any
# of them as ``Module/Symbol`` and every such link is checked.
modules=(LabelKitText LabelKitLinks LabelKitLayout LabelKitInteraction LabelKitLinux LabelKit LabelKitTestSupport LabelKitCairo
    LabelKitSDL)

# 1. Symbol graphs of the public declarations, from the ordinary debug build (the one `make build` and `make test`
#    use, so nothing is compiled twice). Extension blocks keep `LabelTypesetter.system` (LabelKit extending the
#    core) and the `labelKit` attribute scope (the core extending Foundation) in the documentation.
graphs="$(dirname "$("$SWIFT" build --show-bin-path)")/symbolgraph"
rm -rf "$graphs"
status=0
log=$("$SWIFT" package dump-symbol-graph --minimum-access-level public --skip-synthesized-members \
    --skip-inherited-docs --emit-extension-block-symbols 2>&1) || status=$?
for module in "${modules[@]}"; do
    if [ ! -f "$graphs/$module.symbols.json" ]; then
        echo "$log" >&2
        echo "build-docs: no symbol graph for $module in $graphs" >&2
        exit 1
    fi
done
# dump-symbol-graph also tries the test runner's modules, which exist only after a test build, and fails on them;
# the graphs of the documented modules are fresh (the folder was emptied), so that failure does not matter here.
if [ "$status" -ne 0 ]; then
    grep '^error:' <<<"$log" | sed 's/^/build-docs: ignored: /' >&2 || true
fi

rm -rf "$out"
mkdir -p "$out/symbol-graphs"
shopt -s nullglob
for module in "${modules[@]}"; do
    cp "$graphs/$module.symbols.json" "$graphs/$module"@*.symbols.json "$out/symbol-graphs/"
done

# 2. One archive for every module: a warning is an error, and coverage is written for step 3.
"$DOCC" convert "$catalog" \
    --additional-symbol-graph-dir "$out/symbol-graphs" \
    --output-path "$out/LabelKit.doccarchive" \
    --warnings-as-errors \
    --emit-digest \
    --experimental-documentation-coverage --coverage-summary-level brief \
    --transform-for-static-hosting

# 3. Every public declaration has a summary (DocC's coverage, less what the compiler synthesises).
python3 Scripts/check-docs-coverage.py "$out/LabelKit.doccarchive" "$out/symbol-graphs"

# 4. One site: the archive with a landing page over its modules, and an index.html at the root that leads to it.
"$DOCC" merge "$out/LabelKit.doccarchive" --output-path "$out/site" \
    --synthesized-landing-page-name LabelKit --synthesized-landing-page-kind Package
cat >"$out/site/index.html" <<'HTML'
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>LabelKit documentation</title>
<meta http-equiv="refresh" content="0; url=documentation/"></head>
<body><p><a href="documentation/">LabelKit documentation</a></p></body></html>
HTML
echo "build-docs: the site is in $out/site — serve it (DocC pages load their content over HTTP), for example:"
echo "    python3 -m http.server --directory $out/site 8000    # then open http://localhost:8000/"
