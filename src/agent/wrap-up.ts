// Child wrap-up (A-27, F-13): a delegated child, from its 25th model call on, is told to conclude and is
// given no tools, so it ends with an answer instead of being cut by its step cap mid-task.

/** The model call (1-based) from which a delegated child wraps up (decisions: child wrap-up). */
export const WRAP_UP_FROM = 25;

const REMINDER =
  "You have used many steps on this delegated task. Tools are no longer available: conclude now. " +
  "Give your final answer with what you have found and done so far, and say plainly what is left undone.";

/** True when the next model call of the run (callsMade + 1) is one of the wrap-up calls. */
export function wrappingUp(from: number | undefined, callsMade: number): boolean {
  return from !== undefined && callsMade + 1 >= from;
}

/** The system prompt of a wrap-up call: the reminder goes last, so the prefix stays the same. */
export function wrapUpSystem(system: string): string {
  return `${system}\n\n${REMINDER}`;
}
