import * as path from 'node:path';
import { posixDirname } from '../repo/join.js';

/**
 * path.dirname for the walks of discovery (every cwd's directories, up to the root, per host): the
 * directories are normal absolute paths, which posixDirname cuts once at the last `/`, where
 * path.dirname scans them character by character (interpreted, in code this cold). posixDirname
 * gives path.posix.dirname's answer for any path, and on POSIX that is path.dirname's.
 */
export const parentDir: (dir: string) => string = path.sep === '/' ? posixDirname : path.dirname;
