// A minimal SMTP server for the browser tests: it accepts every message
// and keeps it ({ to: [addresses], data: text }), so a test can count the
// mails the server sent. Started by the harness (harness.mjs) before the server, which gets
// `--smtp smtp://127.0.0.1:PORT`.

import net from 'node:net';

export function startSmtpSink() {
  const mails = [];
  const server = net.createServer((socket) => {
    let buf = '';
    let to = [];
    let inData = false;
    let data = '';
    socket.write('220 sink ready\r\n');
    socket.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      let i;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push({ to, data: data.replace(/=\n/g, '') });
            to = [];
            data = '';
            socket.write('250 kept\r\n');
          } else {
            data += `${line}\n`;
          }
          continue;
        }
        const up = line.toUpperCase();
        if (up.startsWith('EHLO')) socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (up.startsWith('RCPT TO:')) { to.push(line.slice(8).trim().replace(/^<|>$/g, '')); socket.write('250 ok\r\n'); }
        else if (up.startsWith('DATA')) { inData = true; socket.write('354 go on\r\n'); }
        else if (up.startsWith('QUIT')) { socket.end('221 bye\r\n'); }
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, mails, close: () => server.close() }));
  });
}
