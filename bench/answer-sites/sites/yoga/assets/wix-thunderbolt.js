document.querySelectorAll('[data-hook="item-title"]').forEach(function (t) {
  t.addEventListener('click', function () {
    var item = t.parentElement; var open = item.classList.toggle('open');
    t.setAttribute('aria-expanded', String(open)); t.nextElementSibling.setAttribute('aria-hidden', String(!open));
  });
});
document.querySelectorAll('.consent-buttons button').forEach(function (b) { b.addEventListener('click', function () { document.getElementById('consent-banner-root').remove(); }); });
