/**
 * Debian's nginx serving a directory as static files, with `sendfile on`: the anchor of the
 * download benchmark. Started with its own configuration in a temporary directory, on a free
 * loopback port, in the foreground and in a process group of its own (stopped with the rest
 * when a scenario ends, failed or not).
 */
import { accessSync, constants, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, removeDir, tempDir, waitForOk } from './common.ts';
import { spawnGroup, stopGroup } from './processes.ts';

/** Debian's package puts it here (`apt-get install nginx-light`); NGINX names another. */
export const nginxPath = process.env.NGINX ?? '/usr/sbin/nginx';

export class NginxMissingError extends Error {
  override name = 'NginxMissingError';
}

export interface RunningNginx {
  base: string;
  /** Its configuration, logs and temporary files; removed by `stop`. */
  dir: string;
  /** The master process; the worker that serves is its child. */
  pid: number;
  stop(): Promise<void>;
}

/** Throws a message saying what to install when there is no nginx to run. */
export function requireNginx(): void {
  try {
    accessSync(nginxPath, constants.X_OK);
  } catch {
    throw new NginxMissingError(
      `nginx is not installed (${nginxPath}): the download benchmark compares the server with it. ` +
        'Install it (`apt-get install nginx-light`) or set NGINX to its path.',
    );
  }
}

export function nginxConfig(settings: {
  dir: string;
  root: string;
  port: number;
  workers: number;
}): string {
  const { dir, root, port, workers } = settings;
  const inDir = (name: string) => path.join(dir, name);
  return `# Written by the download benchmark; removed when it ends.
daemon off;
master_process on;
worker_processes ${workers};
${process.getuid?.() === 0 ? 'user root;\n' : ''}pid ${inDir('nginx.pid')};
error_log ${inDir('error.log')} warn;
events {
  worker_connections 1024;
}
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  default_type application/octet-stream;
  client_body_temp_path ${inDir('client-body')};
  proxy_temp_path ${inDir('proxy')};
  fastcgi_temp_path ${inDir('fastcgi')};
  uwsgi_temp_path ${inDir('uwsgi')};
  scgi_temp_path ${inDir('scgi')};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location = /.ready {
      return 200;
    }
  }
}
`;
}

/**
 * Serves `root` on a loopback port. One worker by default: one event loop, as the server has.
 */
export async function startNginx(root: string, { workers = 1 } = {}): Promise<RunningNginx> {
  requireNginx();
  const dir = tempDir('bench-nginx');
  const port = await freePort();
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig({ dir, root, port, workers }));
  // -e: the error log before the configuration is read (Debian's default is not writable to all).
  const child = spawnGroup(
    nginxPath,
    ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', config],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const stop = async () => {
    await stopGroup(child, { graceMs: 5000 });
    removeDir(dir);
  };
  if (!child.pid) {
    removeDir(dir);
    throw new Error(`could not start ${nginxPath}`);
  }
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${base}/.ready`, child, { intervalMs: 50, timeoutMs: 15_000 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dir, pid: child.pid, stop };
}
