// Cookie notice: hide it once accepted.
var consent = document.getElementById('cookie-consent');
if (localStorage.getItem('cookies-ok')) consent.remove();
document.getElementById('cookie-accept').addEventListener('click', function () { localStorage.setItem('cookies-ok', '1'); consent.remove(); });
