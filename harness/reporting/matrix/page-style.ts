// The matrix page's styles (page.ts inlines them): system fonts only, and each verdict marked by
// its symbol and word as well as its colour.
export const PAGE_STYLE = `
:root { color-scheme: light; font-family: system-ui, sans-serif; font-size: 14px; color: #1b1f24; background: #fff; }
body { margin: 0 auto; padding: 1rem 1.5rem 3rem; max-width: 1600px; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; }
h2 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
p { max-width: 80ch; line-height: 1.45; }
.legend { display: flex; flex-wrap: wrap; gap: 0.4rem 1.2rem; list-style: none; padding: 0; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d0d7de; padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
thead th { background: #f6f8fa; }
#summary th[scope=row] { white-space: nowrap; }
.scroll { overflow: auto; max-height: 80vh; border: 1px solid #d0d7de; }
#matrix { font-size: 0.9rem; }
#matrix thead th { position: sticky; top: 0; z-index: 2; min-width: 8rem; }
#matrix thead th:first-child { left: 0; z-index: 3; }
#matrix tbody th[scope=row] { position: sticky; left: 0; background: #fff; z-index: 1; min-width: 18rem; font-weight: normal; }
#matrix tbody th[scope=row] a { font-weight: 600; font-family: ui-monospace, monospace; }
#matrix tr.group th { background: #eaeef2; font-weight: 600; text-transform: none; }
.implementation .name { font-weight: 600; display: block; }
.implementation .badge { display: block; font-weight: normal; font-size: 0.8rem; color: #57606a; }
td { padding: 0; }
button.cell { width: 100%; min-height: 2.4rem; border: 0; margin: 0; padding: 0.3rem 0.5rem; text-align: left; font: inherit; cursor: pointer; background: transparent; }
button.cell:focus-visible { outline: 3px solid #0969da; outline-offset: -3px; }
button.cell .count { display: block; font-size: 0.78rem; color: #3d444d; }
button.cell .symbol { font-weight: 700; }
[data-verdict=holds] { background: #dafbe1; }
[data-verdict=broken] { background: #ffebe9; }
[data-verdict=errored] { background: #fff1d6; }
[data-verdict=inconclusive] { background: #fbefff; }
[data-verdict=skipped], [data-verdict=not_applicable], [data-verdict=untested] { background: #f6f8fa; }
fieldset { display: inline-block; border: 1px solid #d0d7de; margin: 0 1rem 0.75rem 0; }
fieldset label { margin-right: 0.6rem; white-space: nowrap; }
dialog { max-width: min(1100px, 95vw); max-height: 90vh; overflow: auto; border: 1px solid #8c959f; border-radius: 6px; padding: 1rem 1.5rem; }
dialog::backdrop { background: rgb(0 0 0 / 0.35); }
dialog .close { float: right; }
dialog h2 { margin-top: 0; }
.case { border-top: 1px solid #d0d7de; padding: 0.5rem 0; }
.case[data-status=failed] h3, .case[data-status=errored] h3 { color: #a40e26; }
.case h3 { font-size: 1rem; margin: 0.3rem 0; font-family: ui-monospace, monospace; }
.failures { padding-left: 1.2rem; }
.failure { margin: 0.3rem 0; }
.failure .requirement { font-weight: 700; font-family: ui-monospace, monospace; }
.failure.names-requirement .requirement { text-decoration: underline; }
pre { background: #f6f8fa; padding: 0.5rem; overflow: auto; font-size: 0.82rem; }
pre.diff .removed { color: #a40e26; background: #ffebe9; }
pre.diff .added { color: #116329; background: #dafbe1; }
pre.diff .sides { color: #57606a; }
#requirement-texts article { margin-bottom: 1rem; }
#requirement-texts h3 { font-size: 1rem; margin-bottom: 0.2rem; }
#requirement-texts .source { color: #57606a; margin: 0; }
`;
