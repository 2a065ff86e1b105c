"use strict";
// The lessons' and the other Markdown pages' script: the key p presents the
// page or leaves the presentation, as on a machine's page, and the images
// are drawn so that the back row can read them.
(function () {
  // The key p, wherever the focus is but in a field: where the link
  // "Present (p)" or "Leave the presentation (p)" goes, at the same place.
  const link = document.getElementById("present-link");
  document.addEventListener("keydown", event => {
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    if (event.target.closest("input, select, textarea")) { return; }
    if (event.key === "p" && link) {
      event.preventDefault();
      location.href = link.href + location.hash;
    }
  });

  // The smallest text, in pixels, a drawing's labels may shrink to.
  const READABLE = 12;

  // An SVG (a diagram, the cost chart) is never drawn so small that its
  // smallest text is under READABLE pixels: its least width is its
  // viewBox's width times READABLE over that text's size in the same
  // units. Where the column is narrower, the image's own box scrolls
  // sideways, never the page.
  async function keepReadable(image) {
    let svg;
    try {
      const text = await (await fetch(image.src)).text();
      svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    } catch (e) { return; }  // left as it is: the image itself says it is missing
    const viewBox = (svg.getAttribute("viewBox") || "").trim().split(/[\s,]+/).map(Number);
    const sizes = [...svg.getElementsByTagName("text")].map(label =>
      parseFloat((label.closest("[font-size]") || label).getAttribute("font-size")) || 16);
    if (viewBox.length !== 4 || sizes.length === 0) { return; }
    image.style.setProperty("--least-width", viewBox[2] * READABLE / Math.min(...sizes) + "px");
  }

  // A PNG (a screenshot) is fitted to the column, its labels' size unknown
  // to the page: a click, or Enter, shows it at its own size, pixel for
  // pixel, in its box, which scrolls; another fits it again.
  function zoomable(image) {
    image.classList.add("zoomable");
    image.tabIndex = 0;
    image.title = "Click: at its own size, or fitted again";
    const toggle = () => image.classList.toggle("natural");
    image.addEventListener("click", toggle);
    image.addEventListener("keydown", event => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        toggle();
      }
    });
  }

  // Each image in a box of its own, which scrolls instead of the page;
  // its own width known to the stylesheet, which enlarges it when presenting.
  for (const image of document.querySelectorAll(".markdown img")) {
    const box = document.createElement("span");
    box.className = "image-box";
    image.replaceWith(box);
    box.append(image);
    const known = () => image.style.setProperty("--natural-width", image.naturalWidth + "px");
    if (image.complete) { known(); } else { image.addEventListener("load", known); }
    const path = new URL(image.src, location.href).pathname.toLowerCase();
    if (path.endsWith(".svg")) { keepReadable(image); }
    if (path.endsWith(".png")) { zoomable(image); }
  }
}());
