// Tabs: show the panel of the clicked tab, hide the others.
document.querySelectorAll('[data-tabs] [role="tab"]').forEach(function (tab) {
  tab.addEventListener('click', function () {
    document.querySelectorAll('[data-tabs] [role="tab"]').forEach(function (t) { t.setAttribute('aria-selected', String(t === tab)); });
    document.querySelectorAll('[data-tabs] [role="tabpanel"]').forEach(function (p) { p.hidden = p.id !== tab.getAttribute('aria-controls'); });
  });
});
