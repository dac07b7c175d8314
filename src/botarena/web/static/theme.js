// Light or dark: the system's choice (prefers-color-scheme) unless the person chose one with
// the header's toggle, which is remembered in localStorage. A classic script run before the
// page is drawn, so a dark page never flashes light.
(() => {
  const KEY = "botarena-theme";
  const root = document.documentElement;
  const stored = () => { try { return localStorage.getItem(KEY); } catch { return null; } };
  const system = () => (window.matchMedia && matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
  const apply = () => { root.dataset.theme = stored() || system(); };
  apply();
  if (window.matchMedia) matchMedia("(prefers-color-scheme: dark)").addEventListener("change", apply);
  document.addEventListener("DOMContentLoaded", () => {
    const toggle = document.getElementById("theme-toggle");
    if (!toggle) return;
    toggle.addEventListener("click", () => {
      const next = root.dataset.theme === "dark" ? "light" : "dark";
      try { localStorage.setItem(KEY, next); } catch { /* private mode: this page only */ }
      root.dataset.theme = next;
    });
  });
})();
