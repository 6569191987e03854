document.querySelectorAll('.accordion-item__click-target').forEach(function (button) {
  button.addEventListener('click', function () {
    var open = button.getAttribute('aria-expanded') === 'true';
    button.setAttribute('aria-expanded', String(!open));
    var panel = document.getElementById(button.getAttribute('aria-controls'));
    panel.style.height = open ? '0px' : 'auto';
  });
});
var banner = document.querySelector('.sqs-cookie-banner-v2-wrapper');
document.querySelectorAll('.sqs-cookie-banner-v2 button').forEach(function (b) { b.addEventListener('click', function () { banner.remove(); }); });
