import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const DEV_API_PORT = 3001;

export default defineConfig({
  root: "src/web",
  publicDir: path.resolve("public"),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: path.resolve("dist/web"),
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
  },
  server: {
    port: 3000,
    proxy: { "/api": { target: `http://127.0.0.1:${DEV_API_PORT}`, changeOrigin: false } },
  },
});
