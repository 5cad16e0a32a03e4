/** @type {import('next').NextConfig} */
const nextConfig = {
  // Loaded from node_modules at run time, not bundled: WebAssembly (PGlite), native-ish drivers,
  // and pg-boss, which must share the process's single PGlite instance through globalThis.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "pg",
    "pg-boss",
    "@prisma/schema-engine-wasm",
  ],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
