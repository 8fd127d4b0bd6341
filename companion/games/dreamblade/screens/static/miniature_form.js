/* The Dreamblade miniature form of the set-up page: a miniature missing from the catalog, or the
   unknown values of one that is there, typed in from what is printed on its base. Abilities are
   picked from the keywords the engine knows (with how each is used and its number or type), or
   written as a manual text. Empty means unknown. The server checks everything (like a catalog
   file) and keeps it in the table's catalog, marked as entered by this phone's player. */
"use strict";

(() => {
  const P = window.Panel;
  const { t, el } = P;
  const ASPECTS = ["V", "M", "F", "P"];
  const STATS = ["power", "defense", "life"];

  function labelled(key, control) {
    return el("label", { class: "field" }, el("span", { text: t(`catalog.field.${key}`) }), control);
  }

  function numberInput(field, value, known) {
    return el("input", { type: "number", inputmode: "numeric", min: "0", max: "40", class: `mf-${field}`,
      dataset: { field }, value: value ?? "", disabled: known });
  }

  const numberOrNull = (input) => (input.value.trim() === "" ? null : Number(input.value));

  /* One ability row: a known keyword (used as …, with its number/type/cost) or a manual text. */
  function abilityRow(keywords, text = "") {
    const keyword = el("select", { class: "mf-keyword", "aria-label": t("catalog.field.keyword") },
      ...keywords.map((k) => el("option", { value: k.name, text: k.name })),
      el("option", { value: "", text: t("mf.manual"), selected: Boolean(text) }));
    const activation = el("select", { class: "mf-activation", "aria-label": t("catalog.field.activation") });
    const cost = el("input", { type: "text", class: "mf-cost", inputmode: "numeric", placeholder: t("mf.cost"), "aria-label": t("mf.cost") });
    const value = el("input", { type: "text", class: "mf-value", placeholder: t("catalog.field.value"), "aria-label": t("catalog.field.value") });
    const type = el("input", { type: "text", class: "mf-type", placeholder: t("catalog.field.type"), "aria-label": t("catalog.field.type") });
    const manual = el("input", { type: "text", class: "mf-text", maxlength: "120", value: text, placeholder: t("catalog.field.text"), "aria-label": t("catalog.field.text") });
    const help = el("small", { class: "hint mf-help" });
    const row = el("div", { class: "mf-ability" });
    const refresh = () => {
      const picked = keywords.find((k) => k.name === keyword.value);
      manual.hidden = Boolean(picked);
      activation.hidden = !picked;
      if (picked) {
        const before = activation.value;
        activation.replaceChildren(...picked.activations.map((a) => el("option", { value: a, text: t(`mf.activation.${a}`), selected: a === before })));
      }
      cost.hidden = !picked || activation.value !== "spawn-cost";
      value.hidden = !picked || !picked.parameter.includes("number");
      type.hidden = !picked || !picked.parameter.includes("type");
      help.textContent = picked && P.has(`ability.${picked.slug}`) ? t(`ability.${picked.slug}`, { n: "N", type: "…" }) : "";
    };
    keyword.addEventListener("change", refresh);
    activation.addEventListener("change", refresh);
    const remove = el("button", { class: "btn secondary small", type: "button", text: "−", "aria-label": t("mf.remove_ability"), onclick: () => row.remove() });
    row.append(el("div", { class: "row" }, keyword, activation, remove), el("div", { class: "row" }, cost, value, type, manual), help);
    row.pick = () => {
      if (!keyword.value) return { text: manual.value };
      const pick = { keyword: keyword.value, activation: activation.value };
      const number = (input) => (/^\d+$/.test(input.value.trim()) ? Number(input.value) : input.value.trim());
      if (!cost.hidden) pick.cost = number(cost);
      if (!value.hidden && value.value.trim()) pick.value = number(value);
      if (!type.hidden && type.value.trim()) pick.type = type.value.trim();
      return pick;
    };
    refresh();
    return row;
  }

  /* The form, for a new miniature (``mini`` null) or to complete ``mini`` (a search result). */
  function form(options, mini, onSaved, onClose) {
    const data = mini ? mini.data : null;
    const unknown = (field) => !data || data[field] === "unknown" || (field === "abilities" && data.abilities.includes("unknown"));
    const name = el("input", { type: "text", class: "mf-name", maxlength: "60", value: data ? data.name : "", disabled: Boolean(data) });
    const kind = el("select", { class: "mf-kind", disabled: Boolean(data) },
      ...["creature", "location"].map((k) => el("option", { value: k, text: t(`db.kind.${k}`), selected: data && data.kind === k })));
    const cost = numberInput("spawn_cost", data && !unknown("spawn_cost") ? data.spawn_cost : "", !unknown("spawn_cost"));
    const aspectsKnown = !unknown("aspects");
    const aspects = ASPECTS.map((a) => el("input", { type: "number", min: "0", max: "4", class: "mf-aspect", dataset: { aspect: a },
      value: aspectsKnown ? [...data.aspects].filter((x) => x === a).length : "", disabled: aspectsKnown, "aria-label": t(`mf.aspect.${a}`) }));
    const stats = STATS.map((s) => labelled(s, numberInput(s, data && !unknown(s) ? data[s] : "", !unknown(s))));
    const lineage = el("select", { class: "mf-lineage", disabled: !unknown("lineage") },
      el("option", { value: "", text: t("mf.unknown") }),
      el("option", { value: "none", text: t("mf.no_lineage"), selected: data && data.lineage === "none" }),
      ...options.lineages.map((l) => el("option", { value: l, text: l, selected: data && data.lineage === l })));
    const abilities = el("div", { class: "mf-abilities" });
    const known = data && !unknown("abilities");
    if (known) abilities.append(el("p", { class: "hint", text: data.abilities.join(" · ") || "—" }));
    else for (const line of data ? data.abilities.filter((l) => l !== "unknown") : []) abilities.append(abilityRow(options.keywords, line));
    const add = el("button", { class: "btn secondary small mf-add-ability", type: "button", text: t("mf.add_ability"), hidden: known,
      onclick: () => abilities.append(abilityRow(options.keywords)) });
    const showStats = () => { for (const box of stats) box.hidden = kind.value === "location"; };
    kind.addEventListener("change", showStats);
    showStats();
    const body = () => {
      const answer = { name: name.disabled ? null : name.value, kind: kind.disabled ? null : kind.value };
      if (mini) answer.id = mini.id;
      if (!cost.disabled) answer.spawn_cost = numberOrNull(cost);
      if (!aspectsKnown && aspects.some((input) => input.value.trim() !== "")) {
        answer.aspects = aspects.map((input) => input.dataset.aspect.repeat(Number(input.value) || 0)).join("");
      }
      if (kind.value === "creature") {
        for (const box of stats) {
          const input = box.querySelector("input");
          if (!input.disabled) answer[input.dataset.field] = numberOrNull(input);
        }
      }
      if (!lineage.disabled) answer.lineage = lineage.value || null;
      if (!known && (!mini || abilities.children.length)) answer.abilities = [...abilities.children].map((row) => row.pick());
      return answer;
    };
    const save = el("button", { class: "btn mf-save", type: "button", text: t("mf.save"), onclick: async () => {
      const saved = await P.guarded(() => P.post("/api/setup/miniatures", body()));
      if (!saved) return;
      P.toast(t("mf.saved", { name: saved.miniature.name }), false);
      onSaved(saved.miniature);
    } });
    return el("fieldset", { class: "mini-form" },
      el("legend", { text: mini ? t("mf.title_complete", { name: mini.name }) : t("mf.title_new") }),
      el("p", { class: "hint", text: t("mf.hint") }),
      labelled("name", name), labelled("kind", kind), labelled("spawn_cost", cost),
      el("div", { class: "field" }, el("span", { text: t("catalog.field.aspects") }),
        el("div", { class: "mf-aspects" }, ...aspects.map((input, i) => el("label", {}, el("span", { text: t(`mf.aspect.${ASPECTS[i]}`) }), input)))),
      ...stats, labelled("lineage", lineage),
      el("div", { class: "field" }, el("span", { text: t("catalog.field.abilities") }), abilities, add),
      el("div", { class: "row" }, save, el("button", { class: "btn secondary", type: "button", text: t("mf.cancel"), onclick: onClose })));
  }

  window.MiniatureForm = { form };
})();
