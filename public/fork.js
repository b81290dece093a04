// Edit-and-resend (M-31…M-33, docs/fork.md): forks the open conversation at a stored user message,
// keeps that message's text as the branch's draft and opens the branch in place, where the composer
// shows the text focused. The origin is left as it was; a refusal shows its sentence under the message.
window.editAndResend = async (button, messageId) => {
  const T = window.T;
  const msg = button.closest(".msg");
  const note = msg.querySelector(".fork-note");
  const conv = document.querySelector("#main")?.dataset.conversation;
  const text = msg.querySelector(".bubble").textContent;
  const refuse = (sentence) => {
    note.textContent = sentence || T.forkFailed;
    note.hidden = false;
  };
  note.hidden = true;
  button.disabled = true;
  try {
    const init = {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ before_message_id: messageId }),
    };
    const res = await fetch(`/api/conversations/${conv}/fork`, init);
    const body = await res.json().catch(() => ({}));
    if (!res.ok) return refuse(body.detail);
    window.deviceStore.update("drafts", (m) => ({ ...m, [body.id]: text }));
    // The branch's composer takes the focus when it comes to life (public/chat.js).
    window.focusComposerOf = body.id;
    await window.htmx.ajax("GET", `/c/${body.id}`, { target: "#main", swap: "outerHTML", push: "true" });
  } catch {
    refuse(null);
  } finally {
    button.disabled = false;
  }
};
