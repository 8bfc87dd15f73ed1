/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_API_BASE_LOCAL?: string;
  readonly VITE_API_BASE_PRODUCTION?: string;
  readonly VITE_API_BASE_STAGING?: string;
  readonly VITE_PRODUCTION_HOSTS?: string;
  /** The local fingerprint service on the PC (spec "fingerprint service base"); unset: the development reader. */
  readonly VITE_FINGERPRINT_SERVICE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
