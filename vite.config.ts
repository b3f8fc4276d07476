import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { frameworkChunk } from "./scripts/lib/chunking.ts";
import { precompress } from "./scripts/lib/precompress.ts";

const framework = frameworkChunk();

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), framework.plugin, precompress()],
  resolve: { tsconfigPaths: true },
  build: { rolldownOptions: { output: { codeSplitting: { groups: [framework.group] } } } },
});
