/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** External user site that the H5 / long page / poster menu items link out to (spec §2). Unset: "即将上线". */
  readonly VITE_USER_SITE_URL?: string;
}
