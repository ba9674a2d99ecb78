import fs from 'node:fs'; import zlib from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
const file = process.argv[2];
const map = JSON.parse(fs.readFileSync(file + '.map','utf8'));
const lines = fs.readFileSync(file,'utf8').split('\n');
const c = new SourceMapConsumer(map);
const maps=[]; c.eachMapping(m=>maps.push(m));
maps.sort((a,b)=>a.generatedLine-b.generatedLine||a.generatedColumn-b.generatedColumn);
const txt={};
for (let i=0;i<maps.length;i++){const m=maps[i];const n=maps[i+1];
 const line=lines[m.generatedLine-1]; const end = (n&&n.generatedLine===m.generatedLine)? n.generatedColumn: line.length;
 const s=(m.source||'?').replace(/.*work\/main\//,''); txt[s]=(txt[s]||'')+line.slice(m.generatedColumn,end);}
const arr=Object.entries(txt).map(([s,t])=>[zlib.gzipSync(t,{level:9}).length,t.length,s]).sort((a,b)=>b[0]-a[0]);
for (const r of arr) console.log(r.join('\t'));
