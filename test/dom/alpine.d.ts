// alpinejs ships no types; the DOM tests start it and take its expression errors.
declare module "alpinejs" {
  const Alpine: {
    start(): void;
    setErrorHandler(handler: (error: unknown, el: unknown, expression?: string) => void): void;
    [key: string]: unknown;
  };
  export default Alpine;
}
