/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base when the API lives on another host, e.g. `https://api.example.com/api`. Defaults to `/api`. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
