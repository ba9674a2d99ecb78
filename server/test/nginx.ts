import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './postgres';

/**
 * Debian's nginx as a reverse proxy on a loopback port, in front of the given upstream URLs, for
 * tests of several server processes (design.md §8). Requests go to an upstream chosen at random;
 * the access log records which upstream answered each one, so a test can tell the load was spread.
 */
export interface ReverseProxy {
  url: string;
  /** The upstream address (host:port) of every request answered so far, in log order. */
  upstreamsUsed(): string[];
  stop(): Promise<void>;
}

const NGINX_CANDIDATES = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].filter(Boolean) as string[];

function findNginx(): string {
  const found = NGINX_CANDIDATES.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error('nginx was not found. Install it with `apt-get install -y nginx` or set NGINX_PATH. The multi-process tests never skip.');
  }
  return found;
}

export interface ReverseProxyOptions {
  /**
   * What nginx sends as X-Forwarded-For: `$remote_addr` (the documented edge setting) or
   * `$proxy_add_x_forwarded_for` (keeps what the client sent, as the README once said).
   */
  forwardedFor?: '$remote_addr' | '$proxy_add_x_forwarded_for';
}

/** The security headers of the shop's JSON answers (server/http/security-headers.ts), for nginx's own. */
export const ERROR_PAGE_HEADERS = [
  `add_header Content-Security-Policy "default-src 'none';frame-ancestors 'none'" always;`,
  'add_header X-Content-Type-Options nosniff always;',
  'add_header Referrer-Policy strict-origin-when-cross-origin always;',
  'add_header X-Frame-Options SAMEORIGIN always;',
  'add_header Cross-Origin-Opener-Policy same-origin always;',
  'add_header Cross-Origin-Resource-Policy same-origin always;',
  'add_header Origin-Agent-Cluster "?1" always;',
  'add_header X-Permitted-Cross-Domain-Policies none always;',
  'add_header X-DNS-Prefetch-Control off always;',
  'add_header X-Download-Options noopen always;',
  'add_header X-XSS-Protection 0 always;',
]
  .map((line) => `      ${line}`)
  .join('\n');

function configFor(dir: string, port: number, upstreams: string[], options: ReverseProxyOptions = {}): string {
  const servers = upstreams.map((url) => `    server ${new URL(url).host} max_fails=0;`).join('\n');
  return `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  log_format upstream '$upstream_addr';
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream shop {
    random;
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    access_log ${dir}/access.log upstream;
    client_max_body_size 1m;
    # nginx's own answers (a body over the limit, no process answering) are the shop's JSON errors
    # (design.md §3), not nginx's HTML pages, with the headers the shop's own JSON carries (\`always\`:
    # add_header is otherwise left off error statuses).
    error_page 413 = @body_too_large;
    error_page 502 504 = @shop_unavailable;
    location @body_too_large {
${ERROR_PAGE_HEADERS}
      default_type application/json;
      return 413 '{"error":"Request body is larger than 1024 KB.","code":"PAYLOAD_TOO_LARGE"}';
    }
    location @shop_unavailable {
${ERROR_PAGE_HEADERS}
      default_type application/json;
      return 503 '{"error":"Service temporarily unavailable. Please try again in a few moments.","code":"SERVICE_UNAVAILABLE"}';
    }
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For ${options.forwardedFor ?? '$remote_addr'};
      proxy_set_header X-Forwarded-Proto $scheme;
      # A request that reached one process is never replayed on another: that would be a second charge.
      proxy_next_upstream off;
    }
  }
}
`;
}

export async function startReverseProxy(upstreams: string[], options: ReverseProxyOptions = {}): Promise<ReverseProxy> {
  const binary = findNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nginx-'));
  // nginx's workers drop root for `nobody`; they must be able to reach the temp and log files.
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const configPath = path.join(dir, 'nginx.conf');
  fs.writeFileSync(configPath, configFor(dir, port, upstreams, options));
  const child: ChildProcess = spawn(binary, ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', configPath, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilListening(port, child, () => stderr);
  return {
    url,
    upstreamsUsed() {
      const log = path.join(dir, 'access.log');
      return fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
    },
    async stop() {
      child.kill('SIGQUIT');
      const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(forced);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitUntilListening(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode} while starting: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not start listening in time: ${output()}`);
}
