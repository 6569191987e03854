/**
 * The widget's own CSS, inside its shadow root: the host page's CSS cannot reach in, and none of this
 * reaches out. `:host` resets everything the page might set on the host element or let it inherit
 * (important declarations of the shadow tree win over the page's, even important ones).
 *
 * Custom properties set on `.root`: --p primary colour, --s secondary colour; the style classes
 * (s-modern, s-classic, s-minimal, s-rounded) set --r (window corners) and --b (bubbles, input).
 * Position classes: b/t (bottom/top) and r/x (right/left). Under 768 px the window fills the screen.
 * Under a reply: .k the thumbs up / down (the down one is the up icon turned over), .q a question's Yes / No.
 * .v a notice line (a person joined, the assistant answers again); .p the name of the person above their reply;
 * .i that person's face: their picture over their initials (which show if it has none or fails to load).
 */
export const widgetCss = `
:host{all:initial!important;display:block!important}
*{box-sizing:border-box}
[hidden]{display:none!important}
.root{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#111827;--r:16px;--b:16px}
.s-classic{--r:4px;--b:4px}
.s-minimal{--r:8px;--b:8px}
.s-rounded{--r:28px;--b:22px}
button{font:inherit;color:inherit;background:none;border:0;padding:0;margin:0;cursor:pointer}
:focus-visible{outline:2px solid var(--p);outline-offset:2px}
.l{position:fixed;z-index:2147483000;width:60px;height:60px;border-radius:50%;background:linear-gradient(135deg,var(--p),var(--s));color:#fff;display:flex;align-items:center;justify-content:center;overflow:hidden;box-shadow:0 6px 20px rgba(0,0,0,.25)}
.l img{width:100%;height:100%;object-fit:cover}
.l svg{width:28px;height:28px;fill:currentColor}
.w{position:fixed;z-index:2147483001;width:380px;height:600px;max-width:calc(100vw - 40px);max-height:calc(100vh - 112px);display:flex;flex-direction:column;overflow:hidden;background:#fff;border-radius:var(--r);box-shadow:0 12px 40px rgba(0,0,0,.22)}
.b .l{bottom:20px}.t .l{top:20px}.b .w{bottom:92px}.t .w{top:92px}
.r .l,.r .w{right:20px}.x .l,.x .w{left:20px}
.h{display:flex;align-items:center;gap:10px;padding:12px 14px;background:linear-gradient(135deg,var(--p),var(--s));color:#fff}
.s-classic .h{background:var(--p)}
.s-minimal .h{background:#fff;color:#111827;border-bottom:1px solid #e5e7eb}
.s-minimal .w{border:1px solid #e5e7eb;box-shadow:0 4px 16px rgba(0,0,0,.12)}
.h img{width:36px;height:36px;border-radius:50%;object-fit:cover;background:#fff;flex:none}
.n{font-weight:600;font-size:15px}
.o{font-size:12px;opacity:.9}
.c{margin-left:auto;width:32px;height:32px;border-radius:8px;font-size:24px;line-height:32px;text-align:center}
.h .c:focus-visible{outline-color:currentColor}
.g{flex:1;overflow-y:auto;padding:14px;display:flex;flex-direction:column;gap:8px;background:#f9fafb}
.m{max-width:85%;padding:9px 12px;border-radius:var(--b);white-space:pre-wrap;overflow-wrap:anywhere}
.u{align-self:flex-end;background:var(--p);color:#fff}
.a{align-self:flex-start;background:#fff;border:1px solid #e5e7eb}
.e{align-self:flex-start;background:#fef2f2;border:1px solid #fca5a5;color:#b91c1c}
.a a{color:var(--s);font-weight:600;text-decoration:underline}
.y{align-self:flex-start;color:#6b7280;font-style:italic;font-size:13px}
.v{align-self:center;max-width:90%;color:#6b7280;font-size:12px;text-align:center}
.p{align-self:flex-start;margin:0 0 -6px 4px;color:#6b7280;font-size:11px;font-weight:600}
.i{position:relative;display:inline-flex;align-items:center;justify-content:center;overflow:hidden;width:20px;height:20px;margin-right:5px;border-radius:50%;background:var(--p);color:#fff;font-size:9px;font-style:normal;vertical-align:middle;flex:none}
.i img{position:absolute;top:0;left:0;width:100%;height:100%;object-fit:cover}
.k{align-self:flex-start;display:flex;gap:2px;margin-top:-4px}
.k button{width:28px;height:28px;border-radius:6px;color:#9ca3af;display:flex;align-items:center;justify-content:center}
.k button:hover,.k [aria-pressed=true]{color:var(--p);background:#f3f4f6}
.k svg{width:16px;height:16px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.k [aria-pressed=true] svg{fill:currentColor;fill-opacity:.2}
.k button+button svg{transform:scaleY(-1)}
.q{align-self:flex-start;display:flex;gap:8px}
.q button{padding:6px 16px;border-radius:var(--b);border:1px solid var(--p);color:var(--p);background:#fff;font-weight:600}
.q button:first-child{background:var(--p);color:#fff}
.f{display:flex;align-items:flex-end;gap:8px;padding:10px;border-top:1px solid #e5e7eb;background:#fff}
textarea{flex:1;resize:none;min-height:40px;max-height:120px;padding:9px 12px;border:1px solid #d1d5db;border-radius:var(--b);font:inherit;color:inherit;background:#fff;outline:0}
textarea:focus{border-color:var(--p);box-shadow:0 0 0 1px var(--p)}
.d{flex:none;width:40px;height:40px;border-radius:50%;background:var(--p);color:#fff;font-size:18px}
.d:disabled{opacity:.5;cursor:default}
@media (max-width:767px){.w{top:0!important;right:0!important;bottom:0!important;left:0!important;width:auto;height:auto;max-width:none;max-height:none;border-radius:0;border:0}textarea{font-size:16px}}
@media print{.root{display:none}}
`;
