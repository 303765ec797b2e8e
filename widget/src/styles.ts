/**
 * The widget's whole stylesheet, placed inside its shadow root. Host selectors cannot reach in,
 * but inherited properties (font, colour, line-height, letter-spacing...) still flow from the host
 * element, so the root resets everything with `all: initial` and sets its own values. Sizes are in
 * px, never rem: a host's html font-size must not scale the widget. Colours come from the campaign
 * through custom properties set on the root (see colors.ts).
 */
export const WIDGET_CSS = `
:host{display:block}
:host([hidden]){display:none}
.dais{all:initial;display:block;direction:ltr;box-sizing:border-box;padding:clamp(14px,4vw,20px);border-radius:var(--r);background:var(--bg);color:var(--tx);border-top:4px solid var(--p);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;text-align:left;overflow-wrap:break-word;-webkit-text-size-adjust:100%}
[hidden]{display:none!important}
.dais *,.dais *::before,.dais *::after{box-sizing:border-box}
.page{max-width:720px;margin:0 auto}
.framed{max-width:none;min-height:100vh;border-radius:0}
.content{display:flow-root}
h1,h2,h3{margin:0 0 8px;line-height:1.25;font-weight:700}
h1,h2,h3{font-size:20px}
.title{font-size:24px}
p{margin:0 0 12px}
a{color:var(--ln)}
img{max-width:100%}
:focus-visible{outline:3px solid var(--p);outline-offset:2px}
[tabindex="-1"]:focus{outline:none}
.desc{white-space:pre-line}
.logo{display:block;max-height:64px;width:auto;margin-bottom:12px}
.muted,.hint,.note{color:var(--mu)}
.hint,.note{font-size:14px}
.note{margin:12px 0 0}
.stats{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 16px}
.bar{height:10px;margin:6px 0;border-radius:5px;background:rgba(0,0,0,.1);overflow:hidden}
.bar>div{height:100%;background:var(--p)}
[part="progress"] p{margin:2px 0 0}
.next-step{margin:16px 0}
.preview-note{margin:0 0 12px;padding:8px 12px;border-radius:6px;background:#fef3c7;color:#78350f;font-size:14px}
.counts{margin-top:12px}
.counts p{margin:0 0 4px}
.counts ul{list-style:none;margin:0;padding:0;display:grid;gap:2px;font-size:.9em}
.counts li{display:flex;justify-content:space-between;gap:12px}
.recent{margin-top:20px}
.recent p{margin:0 0 4px}
.recent ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:.9em}
.tabs{display:flex;gap:4px;margin:20px 0;border-bottom:2px solid var(--p)}
.tab{flex:1 1 0;min-width:0;overflow-wrap:anywhere;min-height:44px;padding:8px 4px;border:0;border-radius:8px 8px 0 0;background:transparent;color:var(--tx);font-size:15px;font-weight:600;line-height:1.2;cursor:pointer}
.tab[aria-selected="true"]{background:var(--a);color:var(--on)}
.panel{margin-top:20px}
.tabs+.panel{margin-top:0}
.grid{display:grid;gap:14px}
.row{display:grid;gap:14px;grid-template-columns:repeat(auto-fit,minmax(120px,1fr))}
label{font-weight:600}
.field label{display:block;margin-bottom:4px}
.opt{font-weight:400}
input,select,textarea,button{font:inherit;margin:0}
input:not([type=checkbox]):not([type=radio]),select,textarea{display:block;width:100%;min-height:44px;padding:9px 12px;border:1px solid #6b7280;border-radius:8px;background:#fff;color:#1f2937}
textarea{resize:vertical}
[aria-invalid="true"]{border-color:#b91c1c!important;border-width:2px!important}
.hint,.err{margin:4px 0 0}
.err{color:#b91c1c;font-size:14px;font-weight:600}
.check{display:flex;gap:10px;align-items:flex-start;font-weight:400}
.check input{flex:none;width:20px;height:20px;margin-top:2px;accent-color:var(--a)}
.check b{display:block}
fieldset{margin:0;padding:12px;border:1px solid #6b7280;border-radius:8px;display:grid;gap:12px;min-width:0}
legend{padding:0 4px;font-weight:600}
fieldset.bad{border-color:#b91c1c;border-width:2px}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:10px 18px;border:2px solid var(--a);border-radius:8px;background:var(--a);color:var(--on);font-weight:600;line-height:1.2;text-align:center;text-decoration:none;cursor:pointer}
.btn.alt{background:transparent;color:var(--ln);border-color:currentColor}
.btn.quiet{background:transparent;color:var(--ln);border-color:transparent;text-decoration:underline}
.btn:disabled{opacity:.55;cursor:not-allowed}
.wide{width:100%}
.actions{display:flex;flex-wrap:wrap;gap:8px}
.actions>*{flex:1 1 auto}
.msg{padding:10px 12px;border-radius:8px;border:1px solid;margin:0 0 12px;font-weight:600}
.msg.bad{background:#fef2f2;color:#991b1b;border-color:#fca5a5}
.msg.good{background:#ecfdf5;color:#065f46;border-color:#6ee7b7}
.center{text-align:center;padding:24px 0}
.center .actions{justify-content:center}
.delivery{max-width:34em;margin:12px auto 16px;font-weight:600}
.spin{display:inline-block;width:22px;height:22px;margin-right:8px;vertical-align:middle;border:3px solid currentColor;border-right-color:transparent;border-radius:50%;animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spin{animation-duration:4s}}
.share{list-style:none;margin:0;padding:0;display:grid;gap:8px;grid-template-columns:repeat(auto-fit,minmax(130px,1fr))}
.share .btn{width:100%}
.back{background:none;border:0;padding:8px 0;color:var(--ln);font-weight:600;cursor:pointer;text-decoration:underline}
.banner{margin:12px 0;padding:14px 16px;border-radius:8px;background:var(--a);color:var(--on)}
.banner p{margin:0}
p.personal{font-weight:600}
.banner .title{font-size:18px;margin-bottom:4px}
.letter{margin:12px 0;padding:clamp(12px,4vw,20px);border:1px solid #d1d5db;border-radius:8px;background:#fff;color:#111827;font:16px/1.6 Georgia,Cambria,"Times New Roman",Times,serif}
.letter p{margin:0;min-height:1.6em}
textarea.letter{min-height:420px;display:block;width:100%}
.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;
