// Sticky header shadow
window.addEventListener('scroll', function () {
  var h = document.getElementById('header');
  if (h) h.classList.toggle('header--scrolled', window.scrollY > 10);
});
