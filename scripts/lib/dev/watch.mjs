// Watch: folder watches that survive editors' save-by-rename.
import { readdirSync, watch } from "node:fs";
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
