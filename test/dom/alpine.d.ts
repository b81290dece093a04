// alpinejs ships no types; the DOM tests only start it.
declare module "alpinejs" {
  const Alpine: { start(): void; [key: string]: unknown };
  export default Alpine;
}
