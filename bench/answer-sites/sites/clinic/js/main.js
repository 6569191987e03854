// Accordion, mobile menu and cookie banner
document.querySelectorAll('.accordion-button').forEach(function (btn) {
  btn.addEventListener('click', function () {
    var panel = document.querySelector(btn.getAttribute('data-target'));
    var open = panel.classList.toggle('show');
    btn.classList.toggle('collapsed', !open);
    btn.setAttribute('aria-expanded', open ? 'true' : 'false');
  });
});

var toggle = document.querySelector('.nav-toggle');
if (toggle) {
  toggle.addEventListener('click', function () {
    document.querySelector('.main-nav').classList.toggle('open');
  });
}

var banner = document.getElementById('cookie-banner');
if (banner) {
  if (localStorage.getItem('cookie-choice')) banner.classList.add('hidden');
  banner.querySelectorAll('[data-cookie]').forEach(function (b) {
    b.addEventListener('click', function () {
      localStorage.setItem('cookie-choice', b.getAttribute('data-cookie'));
      banner.classList.add('hidden');
    });
  });
}
