// Watch: folder watches that survive editors' save-by-rename.
import { existsSync, readdirSync, watch } from "node:fs";
import { join } from "node:path";

/**
 * Calls `onEvent(name)` for every change to an entry of `dir` or, with `recursive`, of any folder
 * below it. Folders are watched, never files: on Linux a watch follows an inode, and an editor
 * that saves by writing a new file and renaming it over the old one leaves a file's watch on the
 * old inode (Node 20's own `recursive: true` watches files that way and goes deaf after one such
 * save). Returns { close }.
 * @param {string} dir
 * @param {(name: string | null) => void} onEvent
 * @param {{ recursive?: boolean }} [options]
 * @returns {{ close: () => void }}
 */
export function watchFolders(dir, onEvent, { recursive = true } = {}) {
  /** @type {Map<string, import("node:fs").FSWatcher>} */
  const watchers = new Map();
  const scan = () => {
    let folders = [dir];
    try {
      if (recursive)
        folders.push(
          ...readdirSync(dir, { recursive: true, withFileTypes: true })
            .filter((e) => e.isDirectory())
            .map((e) => join(e.parentPath ?? e.path, e.name)),
        );
    } catch {
      folders = [];
    }
    for (const folder of folders) {
      if (watchers.has(folder)) continue;
      try {
        const watcher = watch(folder, (type, name) => {
          // an entry came or went: maybe a folder, which needs its own watch
          if (type === "rename" && recursive) scan();
          onEvent(name);
        });
        watcher.on("error", () => {
          watcher.close();
          watchers.delete(folder);
        });
        watchers.set(folder, watcher);
      } catch {}
    }
    for (const [folder, watcher] of watchers) {
      if (!folders.includes(folder)) {
        watcher.close();
        watchers.delete(folder);
      }
    }
  };
  scan();
  return { close: () => watchers.forEach((w) => w.close()) };
}

// editors' swap and backup files are not part of the spec
const SCRATCH = /^(\.#|#)|~$|\.sw[a-p]$|^\d+$/;

/**
 * Watches what `npm run dev` regenerates on: every file under `openapi/` and `lint/` (the lint
 * profiles redocly.yaml extends, when the folder exists) but editors' scratch files, and the
 * root's `redocly.yaml` and `package.json`; `onSave()` for each change.
 * @param {(...parts: string[]) => string} at a path under the repo root
 * @param {() => void} onSave
 * @returns {{ close: () => void }[]}
 */
export function watchSpec(at, onSave) {
  const inFolder = (/** @type {string | null} */ file) => (file && SCRATCH.test(file) ? null : onSave());
  const atRoot = (/** @type {string | null} */ file) =>
    file === "redocly.yaml" || file === "package.json" ? onSave() : null;
  return [
    watchFolders(at("openapi"), inFolder),
    watchFolders(at(), atRoot, { recursive: false }),
    ...(existsSync(at("lint")) ? [watchFolders(at("lint"), inFolder)] : []),
  ];
}
