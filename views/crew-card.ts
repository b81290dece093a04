// The header's crew pill and card (F-24 in the chat): every member, master first, with its description,
// mode and a dot while it runs; and the options card's skill toggles (F-20), one checkbox per skill.
import { html } from "hono/html";
import type { CrewMember, SkillToggle } from "../src/models/crew.ts";
import { TCrewChat } from "../src/texts/vi-crew-chat.ts";
import { T } from "../src/texts/vi.ts";

/** The card has no id: htmx's settle copies a same-id element's attributes, x-show's inline style
 * included, which the CSP refuses. */
export function crewPill(crew: CrewMember[]) {
  return html`<div class="pill-wrap" x-data="card" @keydown.escape.window="close()">
  <button type="button" class="pill" id="crew-pill" x-ref="pill"
    @click="toggle()" :aria-expanded="open">${T.crew(crew.length)}</button>
  <div class="card crew-card" x-show="open" x-cloak @click.outside="close()">
    <p class="card-label">${TCrewChat.crewCardTitle}</p>
    <ul class="crew-list">${crew.map(member)}</ul>
    <a href="/manage/team">${TCrewChat.manageTeam}</a>
  </div>
</div>`;
}

function member(m: CrewMember, i: number) {
  const dot = html` <span class="live-dot" title="${TCrewChat.live}" aria-label="${TCrewChat.live}"></span>`;
  const live = m.live ? dot : "";
  const master = i === 0 && m.id === "default" ? html` <span class="badge">${TCrewChat.master}</span>` : "";
  return html`<li class="crew-member" data-agent="${m.id}">
  <div><b>${m.name}</b>${master} <span class="badge badge-mode">${TCrewChat.mode[m.mode] ?? m.mode}</span>${live}</div>
  ${m.description ? html`<p class="muted">${m.description}</p>` : ""}
</li>`;
}

/** The full list of enabled toggles goes with each change (PATCH replaces it), read from the boxes so two
 * clicks while the card stays open both count; `always` ones are checked and disabled. */
export function skillToggles(convId: string, skills: SkillToggle[]) {
  const on = "[...$el.closest('ul').querySelectorAll('input:checked:not(:disabled)')].map((i) => i.value)";
  const flip = `$patch(${JSON.stringify(convId)}, {skills: ${on}})`;
  const box = (s: SkillToggle) => html`<li><label class="switch" title="${s.description}"><input type="checkbox"
    name="skill" value="${s.name}" ${s.enabled ? "checked" : ""} @change="${flip}"> ${s.name}</label></li>`;
  const always = html` <span class="muted">(${TCrewChat.alwaysOn})</span>`;
  const fixed = (s: SkillToggle) => html`<li><label class="switch" title="${s.description}"><input type="checkbox"
    name="skill" value="${s.name}" checked disabled> ${s.name}${always}</label></li>`;
  return html`<div class="skills" id="skill-toggles"><p class="card-label">${TCrewChat.skills}</p>
  ${skills.length === 0 ? html`<p class="muted">${TCrewChat.noSkills}</p>` : ""}
  <ul class="allowed">${skills.filter((s) => s.always).map(fixed)}${skills.filter((s) => !s.always).map(box)}</ul>
</div>`;
}
