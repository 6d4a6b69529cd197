// usage: tsx rehome.ts <old module file> <new module file> name1 name2 ...
// Rewrites every import of the named exports from the old module to import them from the new one.
import { Project } from 'ts-morph';
import { resolve, relative, dirname } from 'node:path';
const [oldFile, newFile, ...names] = process.argv.slice(2);
const project = new Project({ tsConfigFilePath: 'tsconfig.json' });
const oldAbs = resolve(oldFile!), newAbs = resolve(newFile!);
const spec = (from: string) => { let r = relative(dirname(from), newAbs).replace(/\.ts$/, '').replace(/\/index$/, ''); if (!r.startsWith('.')) r = './' + r; return r; };
let n = 0;
for (const sf of project.getSourceFiles()) {
  if (sf.getFilePath() === newAbs) continue;
  for (const decl of [...sf.getImportDeclarations(), ...sf.getExportDeclarations()]) {
    const target = decl.getModuleSpecifierSourceFile();
    if (!target || target.getFilePath() !== oldAbs) continue;
    const named = 'getNamedImports' in decl ? (decl as any).getNamedImports() : (decl as any).getNamedExports();
    const moving = named.filter((s: any) => names.includes(s.getName()));
    if (!moving.length) continue;
    const texts = moving.map((s: any) => s.getText());
    const isType = (decl as any).isTypeOnly();
    const isExport = !('getNamedImports' in decl);
    if (moving.length === named.length && !( 'getDefaultImport' in decl && (decl as any).getDefaultImport())) decl.remove();
    else moving.forEach((s: any) => s.remove());
    const existing = (isExport ? sf.getExportDeclarations() : sf.getImportDeclarations()).find((d: any) => d.getModuleSpecifierSourceFile()?.getFilePath() === newAbs && d.isTypeOnly() === isType);
    if (existing && !isExport) (existing as any).addNamedImports(texts);
    else if (isExport) sf.addExportDeclaration({ isTypeOnly: isType, moduleSpecifier: spec(sf.getFilePath()), namedExports: texts });
    else sf.addImportDeclaration({ isTypeOnly: isType, moduleSpecifier: spec(sf.getFilePath()), namedImports: texts });
    n++;
  }
}
await project.save();
console.log('rewrote', n);
