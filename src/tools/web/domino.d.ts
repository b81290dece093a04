// Types for domino as imported by its npm name: its own index.d.ts only declares the module "domino".
declare module "@mixmark-io/domino" {
  const domino: { createDocument(html?: string, force?: boolean): Document };
  export default domino;
}
