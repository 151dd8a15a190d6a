// The carousel of a post of several photos (docs/templates.md). Without this script the
// photos are a row that scrolls and snaps (CSS scroll-snap, native swipe), and the dots under
// it are links to each photo; with it the row gains previous and next buttons, a "Photo 2 of
// 3" status read out by screen readers and arrow keys, and the shown photo's dot is marked.
// Every text it shows is on the page already: the buttons' labels and each slide's
// aria-label, written by the build in the site's language.
(() => {
  "use strict";

  function setUp(carousel) {
    const row = carousel.querySelector(".carousel-slides");
    const slides = Array.from(carousel.querySelectorAll(".carousel-slide"));
    const controls = carousel.querySelector(".carousel-controls");
    const previous = carousel.querySelector(".carousel-previous");
    const next = carousel.querySelector(".carousel-next");
    const status = carousel.querySelector(".carousel-status");
    // The dots under the frame: links to each slide, which work without this script.
    const dots = Array.from(carousel.querySelectorAll(".carousel-dots a"));
    if (!row || slides.length < 2 || !controls || !previous || !next || !status) return;
    const rightToLeft = getComputedStyle(row).direction === "rtl";
    let current = 0;

    // The slide whose middle is nearest the row's: right for either writing direction.
    function shownSlide() {
      const box = row.getBoundingClientRect();
      const middle = box.left + box.width / 2;
      let best = 0;
      let bestDistance = Infinity;
      slides.forEach((slide, index) => {
        const rect = slide.getBoundingClientRect();
        const distance = Math.abs(rect.left + rect.width / 2 - middle);
        if (distance < bestDistance) {
          best = index;
          bestDistance = distance;
        }
      });
      return best;
    }

    function show(index) {
      current = Math.max(0, Math.min(slides.length - 1, index));
      previous.disabled = current === 0;
      next.disabled = current === slides.length - 1;
      dots.forEach((dot, index) => {
        if (index === current) dot.setAttribute("aria-current", "true");
        else dot.removeAttribute("aria-current");
      });
      const label = slides[current].getAttribute("aria-label") || "";
      if (status.textContent !== label) status.textContent = label;
    }

    function go(index) {
      const target = Math.max(0, Math.min(slides.length - 1, index));
      slides[target].scrollIntoView({ block: "nearest", inline: "center" });
      show(target);
    }

    previous.addEventListener("click", () => go(current - 1));
    // Followed by the browser, a dot's link would also scroll the page to the slide's top.
    dots.forEach((dot, index) => {
      dot.addEventListener("click", (event) => {
        event.preventDefault();
        go(index);
      });
    });
    next.addEventListener("click", () => go(current + 1));
    row.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const forward = rightToLeft ? "ArrowLeft" : "ArrowRight";
      const backward = rightToLeft ? "ArrowRight" : "ArrowLeft";
      let target = null;
      if (event.key === forward) target = current + 1;
      else if (event.key === backward) target = current - 1;
      else if (event.key === "Home") target = 0;
      else if (event.key === "End") target = slides.length - 1;
      if (target === null) return;
      event.preventDefault();
      go(target);
    });
    // Swipes and scrolling move the row too: follow them once it settles (at scrollend where
    // the browser has it; else a moment after the last scroll event).
    if ("onscrollend" in window) {
      row.addEventListener("scrollend", () => show(shownSlide()));
    } else {
      let settle = 0;
      row.addEventListener("scroll", () => {
        clearTimeout(settle);
        settle = setTimeout(() => show(shownSlide()), 150);
      }, { passive: true });
    }
    // A link to one photo (#photo-2) opens the page at it.
    const linked = () => slides.findIndex((slide) => "#" + slide.id === location.hash);
    window.addEventListener("hashchange", () => {
      if (linked() >= 0) go(linked());
    });

    controls.hidden = false;
    if (linked() >= 0) go(linked());
    else show(shownSlide());
  }

  document.querySelectorAll("[data-carousel]").forEach(setUp);
})();
