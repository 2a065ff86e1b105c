"use strict";
// The theme of every page: light, dark or high contrast. By default the
// system's (prefers-color-scheme, prefers-contrast); a teacher on a light
// computer chooses another in the menu of the navigation bar, which this
// browser remembers. Loaded in the head, so the page is never drawn in the
// wrong theme first.
(function () {
  const root = document.documentElement;
  const dark = matchMedia("(prefers-color-scheme: dark)");
  const more = matchMedia("(prefers-contrast: more)");
  function stored(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  }
  // "on" or "off" when chosen (the machine page's key c chooses too);
  // the system's preference otherwise.
  function apply() {
    const theme = stored("fsm-theme") || "system";
    const contrast = stored("fsm-contrast");
    root.classList.toggle("contrast", contrast === null ? more.matches : contrast === "on");
    root.classList.toggle("dark", theme === "dark" || (theme === "system" && dark.matches));
  }
  apply();
  dark.addEventListener("change", apply);
  more.addEventListener("change", apply);

  // The menu's choice, from the theme in force.
  function chosen() {
    if (stored("fsm-contrast") === "on") { return "contrast"; }
    return stored("fsm-theme") || "system";
  }
  function choose(value) {
    try {
      localStorage.setItem("fsm-contrast", value === "contrast" ? "on" : "off");
      localStorage.setItem("fsm-theme", value === "contrast" ? "system" : value);
      if (value === "system") { localStorage.removeItem("fsm-contrast"); }
    } catch (e) { /* private mode: this page only */ }
    apply();
  }
  document.addEventListener("DOMContentLoaded", () => {
    const menu = document.getElementById("theme-choice");
    if (!menu) { return; }
    menu.value = chosen();
    menu.addEventListener("change", () => { choose(menu.value); menu.blur(); });
    // The key c of a machine page switches high contrast: the menu follows.
    new MutationObserver(() => { menu.value = chosen(); })
      .observe(root, { attributes: true, attributeFilter: ["class"] });
  });
}());
