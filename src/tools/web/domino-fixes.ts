// Two gaps between domino's DOM and what Mozilla Readability expects, closed once per process. Readability
// is written for DOMs whose lists are either live and fresh or plain arrays it re-reads (its own
// JSDOMParser); domino's are live but refreshed lazily, so they are given array semantics here.
import domino from "@mixmark-io/domino";

let done = false;

export function fitDominoForReadability(): void {
  if (done) return;
  done = true;
  const doc = domino.createDocument("<p>x</p>");
  // querySelectorAll("tag") returns a live list without an iterator; Readability loops over it with
  // for…of while replacing nodes, so iterate over a snapshot.
  const list = Object.getPrototypeOf(doc.getElementsByTagName("p")) as object;
  if (!(Symbol.iterator in list)) {
    Object.defineProperty(list, Symbol.iterator, {
      value(this: { length: number; item(i: number): Element }) {
        const snapshot: Element[] = [];
        for (let i = 0; i < this.length; i++) snapshot.push(this.item(i));
        return snapshot[Symbol.iterator]();
      },
    });
  }
  // element.children is a cached collection refreshed only by .length/.item(), not by indexing after a
  // move, so Readability's sibling loop read a moved node. A fresh collection on every read (domino's
  // getter returns `_children`) gives the re-read-after-change semantics Readability is written for.
  const collection = Object.getPrototypeOf(doc.body.children) as { updateCache(): void };
  let owner: object | null = doc.body;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, "children")) owner = Object.getPrototypeOf(owner);
  if (owner && !Object.prototype.hasOwnProperty.call(owner, "_children")) {
    Object.defineProperty(owner, "_children", {
      get(this: Element) {
        const fresh = Object.assign(Object.create(collection), { element: this }) as typeof collection;
        fresh.updateCache();
        return fresh;
      },
      set: () => {},
    });
  }
}
