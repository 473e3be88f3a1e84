// The matrix page's styles (page.ts inlines them): system fonts only, and each verdict marked by
// its symbol and word as well as its colour. The page scrolls, not a box inside it (a full-page
// screenshot shows the whole matrix); on a phone the matrix scrolls sideways in its own box, with
// a narrow requirement column, and the page does not.
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
/* Wide tables scroll in their own box, never the page; on a wide screen the matrix is not in a
   box at all, so that its header sticks to the top of the window (a box would hold it). */
.wide, .scroll { overflow-x: auto; max-width: 100%; }
@media (min-width: 48rem) { .scroll { overflow: visible; } }
#matrix { font-size: 0.9rem; }
#matrix thead th { position: sticky; top: 0; z-index: 2; min-width: 7rem; vertical-align: bottom; }
#matrix thead th:first-child { left: 0; z-index: 3; }
#matrix tbody th { position: sticky; left: 0; background: #fff; z-index: 1; min-width: 16rem; max-width: 24rem; font-weight: normal; overflow-wrap: anywhere; }
#matrix tbody th a { font-weight: 600; font-family: ui-monospace, monospace; }
#matrix tr.group th, #matrix tr.group td { background: #eaeef2; }
#matrix tr.group th, #matrix tr.total th { font-weight: 600; }
#matrix tr.total th, #matrix tr.total td { background: #f6f8fa; border-bottom: 2px solid #8c959f; }
.name { font-weight: 600; display: block; }
.package, .variant { display: block; font-weight: normal; font-size: 0.8rem; color: #57606a; }
.package { font-family: ui-monospace, monospace; }
td { padding: 0; }
/* A cell's button fills its cell, however tall the row: its colour is the cell's. */
#matrix td { height: 1px; }
/* Relative, so that the spoken words (absolute) stay inside the scrolling box and never widen the page. */
td.tally { position: relative; padding: 0.3rem 0.5rem; font-size: 0.82rem; }
.tally .ratio { display: block; white-space: nowrap; }
.tally .ratio strong { font-size: 1rem; }
.tally .bar { display: flex; height: 0.45rem; margin: 0.2rem 0; border: 1px solid #8c959f; }
.tally .rest { display: block; color: #3d444d; font-size: 0.76rem; }
.tally .rest .count { white-space: nowrap; }
.spoken { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
button.cell { width: 100%; height: 100%; min-height: 2.4rem; vertical-align: top; border: 0; margin: 0; padding: 0.3rem 0.5rem; text-align: left; font: inherit; cursor: pointer; background: transparent; }
button.cell:focus-visible { outline: 3px solid #0969da; outline-offset: -3px; }
button.cell .count { display: block; font-size: 0.78rem; color: #3d444d; }
button.cell .symbol { font-weight: 700; }
/* The verdict colours: .cell and .bar are named so that these outrank button.cell's transparent
   background (an attribute selector alone is less specific than button.cell). */
.cell[data-verdict=holds], .bar [data-verdict=holds] { background: #aceebb; }
.cell[data-verdict=broken], .bar [data-verdict=broken] { background: #ffc1c0; }
.cell[data-verdict=errored], .bar [data-verdict=errored] { background: #ffd98a; }
.cell[data-verdict=inconclusive], .bar [data-verdict=inconclusive] { background: #e6d3ff; }
.cell[data-verdict=skipped], .bar [data-verdict=skipped], .cell[data-verdict=untested], .bar [data-verdict=untested] { background: #eaeef2; }
.cell[data-verdict=not_applicable], .bar [data-verdict=not_applicable] { background: #f6f8fa; color: #57606a; }
fieldset { display: inline-block; border: 1px solid #d0d7de; margin: 0 1rem 0.75rem 0; }
fieldset label { margin-right: 0.6rem; white-space: nowrap; }
dialog { max-width: min(1100px, 95vw); max-height: 90vh; overflow: auto; border: 1px solid #8c959f; border-radius: 6px; padding: 1rem 1.5rem; overflow-wrap: anywhere; }
dialog::backdrop { background: rgb(0 0 0 / 0.35); }
dialog .close { float: right; }
dialog h2 { margin-top: 0; }
details.group > summary { font-weight: 600; font-size: 1.05rem; padding: 0.4rem 0; border-top: 1px solid #8c959f; }
details.family { margin-left: 1rem; }
details.family > summary { font-weight: 600; padding: 0.2rem 0; }
summary { cursor: pointer; }
.case { border-top: 1px solid #d0d7de; padding: 0.3rem 0; margin-left: 1rem; }
.case > summary { font-family: ui-monospace, monospace; }
.case > summary .title { font-family: system-ui, sans-serif; color: #57606a; }
.case[data-status=failed] > summary .mark, .case[data-status=errored] > summary .mark { color: #a40e26; font-weight: 700; }
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
@media (max-width: 40rem) {
  body { padding: 0.5rem 0.5rem 2rem; }
  fieldset { margin-right: 0.3rem; }
  /* The requirement column: at most 40% of a phone's width, its title cut to two lines. */
  #matrix tbody th { min-width: 0; width: 8.5rem; max-width: 36vw; padding: 0.25rem 0.3rem; }
  #matrix tbody th .title { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; font-size: 0.78rem; }
  #matrix thead th { min-width: 6.5rem; }
  #summary td, #summary th { min-width: 7rem; }
  dialog { padding: 0.75rem; max-width: 96vw; }
  .case, details.family { margin-left: 0.4rem; }
}
`;
