// The light/dark toggle on the pages that run without Material's bundle (the search pages).
// Material's palette form is in their header (partials/header.html): one toggle per option of
// mkdocs.yml's theme.palette, each hidden until a script shows the current option's.  This does
// what the bundle's palette component does, and nothing else: shows the current option's toggle,
// applies an option when chosen (the automatic one as the device is set), and stores the choice
// as the bundle does (__md_set("__palette", {index, color})), so every page of the site keeps it.
// partials/palette-follow.html follows the device while the automatic option is the choice.
(function () {
  var form = document.querySelector("form[data-md-component=palette]");
  if (!form || typeof __md_get !== "function") {
    return;
  }
  var inputs = Array.prototype.slice.call(form.querySelectorAll("input.md-option"));
  var AUTO = "(prefers-color-scheme)";

  function colorOf(input) {
    var color = {};
    ["media", "scheme", "primary", "accent"].forEach(function (key) {
      color[key] = input.getAttribute("data-md-color-" + key);
    });
    return color;
  }

  function apply(index, store) {
    var color = colorOf(inputs[index]);
    if (color.media === AUTO) { // the automatic option: the colours of the device's scheme
      var device = matchMedia("(prefers-color-scheme: light)").matches ? "light" : "dark";
      var matching = form.querySelector("[data-md-color-media='(prefers-color-scheme: " + device + ")']");
      if (matching) {
        var scheme = colorOf(matching);
        color.scheme = scheme.scheme;
        color.primary = scheme.primary;
        color.accent = scheme.accent;
      }
    }
    ["scheme", "primary", "accent"].forEach(function (key) {
      document.body.setAttribute("data-md-color-" + key, color[key]);
    });
    inputs.forEach(function (input, other) {
      var toggle = input.nextElementSibling;
      if (toggle instanceof HTMLElement) {
        toggle.hidden = other !== index;
      }
    });
    inputs[index].checked = true;
    if (store) {
      __md_set("__palette", { index: index, color: color });
    }
  }

  var stored = __md_get("__palette");
  var current = stored && typeof stored.index === "number" ? stored.index : inputs.findIndex(function (input) {
    return matchMedia(input.getAttribute("data-md-color-media")).matches;
  });
  inputs.forEach(function (input, index) {
    input.addEventListener("change", function () { apply(index, true); });
  });
  form.addEventListener("keydown", function (event) { // Enter on a toggle: the next option, as the bundle does
    if (event.key === "Enter") {
      event.preventDefault();
      var next = (inputs.findIndex(function (input) { return input.checked; }) + 1) % inputs.length;
      inputs[next].click();
      inputs[next].focus();
    }
  });
  apply(Math.max(0, Math.min(current, inputs.length - 1)), false);
})();
