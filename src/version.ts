// The version a build reports in --version, /api/health and the page footer.
import pkg from "../package.json" with { type: "json" };

export const VERSION: string = pkg.version;
