/*
 * The router's page paths, the one list of the app's pages: read from the route files
 * (src/routes/**) by TanStack Router's own generator, the code that writes routeTree.gen.ts. The
 * build writes them into dist/ (`routePathsFile()` in vite-plugins.ts), where the server reads
 * them to tell a page (200) from an unknown path (404); the server's tests read them here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Generator, getConfig, inferFullPath } from '@tanstack/router-generator';

/**
 * Where the build writes the list (beside Vite's manifest): a JSON array of full paths as the
 * router names them, `$name` for a parameter (`/dashboard/requests/contacts/$contactId`).
 * apps/server/src/plugins/page-routes.ts reads it under the same name.
 */
export const ROUTE_PATHS_FILE = '.vite/route-paths.json';

/**
 * The full path of every route that answers a URL, sorted: index routes without their trailing
 * slash, pathless layouts (`_app`) left out (they answer no URL of their own).
 * The generator runs on the app's tsr.config.json; its route tree goes to a scratch folder, and
 * it never rewrites a route file here (the router plugin does that in dev and build).
 */
export async function readRoutePaths(webRoot: string = import.meta.dirname): Promise<string[]> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'starloop-route-tree-'));
  const inScratch = (file: string) => !path.relative(scratch, file).startsWith('..');
  try {
    const config = getConfig(
      {
        disableLogging: true,
        generatedRouteTree: path.join(scratch, 'routeTree.gen.ts'),
        tmpDir: path.join(scratch, 'tmp'),
      },
      webRoot,
    );
    const generator = new Generator({
      config,
      root: webRoot,
      fs: {
        stat: async (file) => {
          const { mtimeMs, mode, uid, gid } = await stat(file, { bigint: true });
          return { mtimeMs, mode: Number(mode), uid: Number(uid), gid: Number(gid) };
        },
        readFile: async (file) => {
          try {
            const [fileStat, fileContent] = await Promise.all([
              stat(file, { bigint: true }),
              readFile(file, 'utf8'),
            ]);
            return { stat: fileStat, fileContent };
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'file-not-existing';
            throw error;
          }
        },
        // The generator writes a temporary file (in tmpDir) and renames it into place.
        writeFile: (file, content) => writeFile(file, content),
        rename: (from, to) => (inScratch(to) ? rename(from, to) : rm(from, { force: true })),
        chmod: async () => {},
        chown: async () => {},
      },
    });
    await generator.run();
    const crawl = await generator.getCrawlingResult();
    if (!crawl) throw new Error(`the router generator found no routes in ${config.routesDirectory}`);
    const paths = new Set<string>();
    for (const node of crawl.acc.routeNodes) {
      if (node._fsRouteType === 'pathless_layout') continue;
      const fullPath = inferFullPath(node);
      paths.add(fullPath.length > 1 ? fullPath.replace(/\/+$/, '') : fullPath);
    }
    return [...paths].sort();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
