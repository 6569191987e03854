// Accordion and tabs: open the clicked item (the theme's markup ships with inactive panels hidden).
document.querySelectorAll('.elementor-accordion .elementor-tab-title').forEach(function (title) {
  title.addEventListener('click', function () {
    var panel = title.nextElementSibling;
    var open = panel.style.display === 'none';
    panel.style.display = open ? 'block' : 'none';
    title.setAttribute('aria-expanded', open ? 'true' : 'false');
  });
});
document.querySelectorAll('.elementor-tabs [role="tab"]').forEach(function (tab) {
  tab.addEventListener('click', function () {
    var id = tab.getAttribute('aria-controls');
    document.querySelectorAll('.elementor-tabs [role="tabpanel"]').forEach(function (panel) {
      if (panel.id === id) panel.removeAttribute('hidden'); else panel.setAttribute('hidden', 'hidden');
    });
  });
});
