// GENERATED FILE — DO NOT EDIT DIRECTLY
// Source: share/schemas/*.v1.schema.json (ajv standalone); regenerate with `npm run generate`
// Generator: majordomus 0.1.0

/** The length of a string in Unicode code points, as JSON Schema counts it. */
function ucs2length(text) {
  let length = 0;
  let pos = 0;
  while (pos < text.length) {
    length++;
    const unit = text.charCodeAt(pos++);
    if (unit >= 0xd800 && unit <= 0xdbff && pos < text.length && (text.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
  }
  return length;
}

export const manifest = validate20;
const schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/manifest.v1.schema.json","type":"object","additionalProperties":false,"required":["schema","repo","local","sections"],"properties":{"schema":{"const":"ai-repository/v1"},"repo":{"type":"object","additionalProperties":false,"required":["path"],"properties":{"path":{"$ref":"#/$defs/SectionPath"}}},"local":{"type":"object","additionalProperties":false,"required":["path","tracked","implicit_context"],"properties":{"path":{"$ref":"#/$defs/SectionPath"},"tracked":{"type":"boolean","const":false},"implicit_context":{"type":"boolean"}}},"sections":{"type":"object","additionalProperties":false,"required":["policy","profiles","rules"],"properties":{"policy":{"$ref":"#/$defs/SectionPath"},"scope":{"$ref":"#/$defs/SectionPath"},"profiles":{"$ref":"#/$defs/SectionPath"},"rules":{"$ref":"#/$defs/SectionPath"},"prompts":{"$ref":"#/$defs/SectionPath"},"skills":{"$ref":"#/$defs/SectionPath"},"workflows":{"$ref":"#/$defs/SectionPath"},"knowledge":{"$ref":"#/$defs/SectionPath"},"adrs":{"$ref":"#/$defs/SectionPath"},"project":{"$ref":"#/$defs/SectionPath"},"sessions":{"$ref":"#/$defs/SectionPath"},"use-cases":{"$ref":"#/$defs/SectionPath"},"applications":{"$ref":"#/$defs/SectionPath"},"deployments":{"$ref":"#/$defs/SectionPath"},"releases":{"$ref":"#/$defs/SectionPath"},"why":{"$ref":"#/$defs/SectionPath"}}},"context":{"type":"object","additionalProperties":false,"properties":{"documents":{"type":"array","items":{"type":"string","maxLength":255,"pattern":"^[^/\\\\]+$"},"uniqueItems":true}}}},"$defs":{"SectionPath":{"type":"string","maxLength":512,"pattern":"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"}}};
const schema32 = {"type":"string","maxLength":512,"pattern":"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"};
const func1 = ucs2length;
const func3 = Object.prototype.hasOwnProperty;
const pattern4 = new RegExp("^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$", "u");
const pattern22 = new RegExp("^[^/\\\\]+$", "u");

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/manifest.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate20.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schema === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema"},message:"must have required property '"+"schema"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.repo === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "repo"},message:"must have required property '"+"repo"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.local === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "local"},message:"must have required property '"+"local"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.sections === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sections"},message:"must have required property '"+"sections"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "schema") || (key0 === "repo")) || (key0 === "local")) || (key0 === "sections")) || (key0 === "context"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.schema !== undefined){
if("ai-repository/v1" !== data.schema){
const err5 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/const",keyword:"const",params:{allowedValue: "ai-repository/v1"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.repo !== undefined){
let data1 = data.repo;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.path === undefined){
const err6 = {instancePath:instancePath+"/repo",schemaPath:"#/properties/repo/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key1 in data1){
if(!(key1 === "path")){
const err7 = {instancePath:instancePath+"/repo",schemaPath:"#/properties/repo/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data1.path !== undefined){
let data2 = data1.path;
if(typeof data2 === "string"){
if(func1(data2) > 512){
const err8 = {instancePath:instancePath+"/repo/path",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!pattern4.test(data2)){
const err9 = {instancePath:instancePath+"/repo/path",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/repo/path",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath:instancePath+"/repo",schemaPath:"#/properties/repo/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.local !== undefined){
let data3 = data.local;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.path === undefined){
const err12 = {instancePath:instancePath+"/local",schemaPath:"#/properties/local/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data3.tracked === undefined){
const err13 = {instancePath:instancePath+"/local",schemaPath:"#/properties/local/required",keyword:"required",params:{missingProperty: "tracked"},message:"must have required property '"+"tracked"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data3.implicit_context === undefined){
const err14 = {instancePath:instancePath+"/local",schemaPath:"#/properties/local/required",keyword:"required",params:{missingProperty: "implicit_context"},message:"must have required property '"+"implicit_context"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
for(const key2 in data3){
if(!(((key2 === "path") || (key2 === "tracked")) || (key2 === "implicit_context"))){
const err15 = {instancePath:instancePath+"/local",schemaPath:"#/properties/local/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data3.path !== undefined){
let data4 = data3.path;
if(typeof data4 === "string"){
if(func1(data4) > 512){
const err16 = {instancePath:instancePath+"/local/path",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!pattern4.test(data4)){
const err17 = {instancePath:instancePath+"/local/path",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/local/path",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data3.tracked !== undefined){
let data5 = data3.tracked;
if(typeof data5 !== "boolean"){
const err19 = {instancePath:instancePath+"/local/tracked",schemaPath:"#/properties/local/properties/tracked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(false !== data5){
const err20 = {instancePath:instancePath+"/local/tracked",schemaPath:"#/properties/local/properties/tracked/const",keyword:"const",params:{allowedValue: false},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data3.implicit_context !== undefined){
if(typeof data3.implicit_context !== "boolean"){
const err21 = {instancePath:instancePath+"/local/implicit_context",schemaPath:"#/properties/local/properties/implicit_context/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/local",schemaPath:"#/properties/local/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.sections !== undefined){
let data7 = data.sections;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.policy === undefined){
const err23 = {instancePath:instancePath+"/sections",schemaPath:"#/properties/sections/required",keyword:"required",params:{missingProperty: "policy"},message:"must have required property '"+"policy"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data7.profiles === undefined){
const err24 = {instancePath:instancePath+"/sections",schemaPath:"#/properties/sections/required",keyword:"required",params:{missingProperty: "profiles"},message:"must have required property '"+"profiles"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data7.rules === undefined){
const err25 = {instancePath:instancePath+"/sections",schemaPath:"#/properties/sections/required",keyword:"required",params:{missingProperty: "rules"},message:"must have required property '"+"rules"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
for(const key3 in data7){
if(!(func3.call(schema31.properties.sections.properties, key3))){
const err26 = {instancePath:instancePath+"/sections",schemaPath:"#/properties/sections/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data7.policy !== undefined){
let data8 = data7.policy;
if(typeof data8 === "string"){
if(func1(data8) > 512){
const err27 = {instancePath:instancePath+"/sections/policy",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(!pattern4.test(data8)){
const err28 = {instancePath:instancePath+"/sections/policy",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/sections/policy",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data7.scope !== undefined){
let data9 = data7.scope;
if(typeof data9 === "string"){
if(func1(data9) > 512){
const err30 = {instancePath:instancePath+"/sections/scope",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(!pattern4.test(data9)){
const err31 = {instancePath:instancePath+"/sections/scope",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/sections/scope",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data7.profiles !== undefined){
let data10 = data7.profiles;
if(typeof data10 === "string"){
if(func1(data10) > 512){
const err33 = {instancePath:instancePath+"/sections/profiles",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(!pattern4.test(data10)){
const err34 = {instancePath:instancePath+"/sections/profiles",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/sections/profiles",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data7.rules !== undefined){
let data11 = data7.rules;
if(typeof data11 === "string"){
if(func1(data11) > 512){
const err36 = {instancePath:instancePath+"/sections/rules",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(!pattern4.test(data11)){
const err37 = {instancePath:instancePath+"/sections/rules",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/sections/rules",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data7.prompts !== undefined){
let data12 = data7.prompts;
if(typeof data12 === "string"){
if(func1(data12) > 512){
const err39 = {instancePath:instancePath+"/sections/prompts",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(!pattern4.test(data12)){
const err40 = {instancePath:instancePath+"/sections/prompts",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/sections/prompts",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data7.skills !== undefined){
let data13 = data7.skills;
if(typeof data13 === "string"){
if(func1(data13) > 512){
const err42 = {instancePath:instancePath+"/sections/skills",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if(!pattern4.test(data13)){
const err43 = {instancePath:instancePath+"/sections/skills",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
else {
const err44 = {instancePath:instancePath+"/sections/skills",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data7.workflows !== undefined){
let data14 = data7.workflows;
if(typeof data14 === "string"){
if(func1(data14) > 512){
const err45 = {instancePath:instancePath+"/sections/workflows",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(!pattern4.test(data14)){
const err46 = {instancePath:instancePath+"/sections/workflows",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
else {
const err47 = {instancePath:instancePath+"/sections/workflows",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data7.knowledge !== undefined){
let data15 = data7.knowledge;
if(typeof data15 === "string"){
if(func1(data15) > 512){
const err48 = {instancePath:instancePath+"/sections/knowledge",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(!pattern4.test(data15)){
const err49 = {instancePath:instancePath+"/sections/knowledge",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
else {
const err50 = {instancePath:instancePath+"/sections/knowledge",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data7.adrs !== undefined){
let data16 = data7.adrs;
if(typeof data16 === "string"){
if(func1(data16) > 512){
const err51 = {instancePath:instancePath+"/sections/adrs",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if(!pattern4.test(data16)){
const err52 = {instancePath:instancePath+"/sections/adrs",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
else {
const err53 = {instancePath:instancePath+"/sections/adrs",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data7.project !== undefined){
let data17 = data7.project;
if(typeof data17 === "string"){
if(func1(data17) > 512){
const err54 = {instancePath:instancePath+"/sections/project",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(!pattern4.test(data17)){
const err55 = {instancePath:instancePath+"/sections/project",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/sections/project",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data7.sessions !== undefined){
let data18 = data7.sessions;
if(typeof data18 === "string"){
if(func1(data18) > 512){
const err57 = {instancePath:instancePath+"/sections/sessions",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if(!pattern4.test(data18)){
const err58 = {instancePath:instancePath+"/sections/sessions",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
else {
const err59 = {instancePath:instancePath+"/sections/sessions",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data7["use-cases"] !== undefined){
let data19 = data7["use-cases"];
if(typeof data19 === "string"){
if(func1(data19) > 512){
const err60 = {instancePath:instancePath+"/sections/use-cases",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(!pattern4.test(data19)){
const err61 = {instancePath:instancePath+"/sections/use-cases",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
else {
const err62 = {instancePath:instancePath+"/sections/use-cases",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data7.applications !== undefined){
let data20 = data7.applications;
if(typeof data20 === "string"){
if(func1(data20) > 512){
const err63 = {instancePath:instancePath+"/sections/applications",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if(!pattern4.test(data20)){
const err64 = {instancePath:instancePath+"/sections/applications",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
else {
const err65 = {instancePath:instancePath+"/sections/applications",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data7.deployments !== undefined){
let data21 = data7.deployments;
if(typeof data21 === "string"){
if(func1(data21) > 512){
const err66 = {instancePath:instancePath+"/sections/deployments",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
if(!pattern4.test(data21)){
const err67 = {instancePath:instancePath+"/sections/deployments",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
else {
const err68 = {instancePath:instancePath+"/sections/deployments",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
if(data7.releases !== undefined){
let data22 = data7.releases;
if(typeof data22 === "string"){
if(func1(data22) > 512){
const err69 = {instancePath:instancePath+"/sections/releases",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if(!pattern4.test(data22)){
const err70 = {instancePath:instancePath+"/sections/releases",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
else {
const err71 = {instancePath:instancePath+"/sections/releases",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data7.why !== undefined){
let data23 = data7.why;
if(typeof data23 === "string"){
if(func1(data23) > 512){
const err72 = {instancePath:instancePath+"/sections/why",schemaPath:"#/$defs/SectionPath/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if(!pattern4.test(data23)){
const err73 = {instancePath:instancePath+"/sections/why",schemaPath:"#/$defs/SectionPath/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
else {
const err74 = {instancePath:instancePath+"/sections/why",schemaPath:"#/$defs/SectionPath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
}
else {
const err75 = {instancePath:instancePath+"/sections",schemaPath:"#/properties/sections/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data.context !== undefined){
let data24 = data.context;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
for(const key4 in data24){
if(!(key4 === "documents")){
const err76 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data24.documents !== undefined){
let data25 = data24.documents;
if(Array.isArray(data25)){
const len0 = data25.length;
for(let i0=0; i0<len0; i0++){
let data26 = data25[i0];
if(typeof data26 === "string"){
if(func1(data26) > 255){
const err77 = {instancePath:instancePath+"/context/documents/" + i0,schemaPath:"#/properties/context/properties/documents/items/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
if(!pattern22.test(data26)){
const err78 = {instancePath:instancePath+"/context/documents/" + i0,schemaPath:"#/properties/context/properties/documents/items/pattern",keyword:"pattern",params:{pattern: "^[^/\\\\]+$"},message:"must match pattern \""+"^[^/\\\\]+$"+"\""};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
else {
const err79 = {instancePath:instancePath+"/context/documents/" + i0,schemaPath:"#/properties/context/properties/documents/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
let i1 = data25.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data25[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err80 = {instancePath:instancePath+"/context/documents",schemaPath:"#/properties/context/properties/documents/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err81 = {instancePath:instancePath+"/context/documents",schemaPath:"#/properties/context/properties/documents/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
}
else {
const err82 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
}
else {
const err83 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const policy = validate21;
const schema50 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/policy.v1.schema.json","type":"object","additionalProperties":false,"required":["version"],"properties":{"version":{"const":1},"context":{"type":"object","additionalProperties":false,"properties":{"always_loaded_budget_lines":{"type":"integer","minimum":1},"builder_budget_lines":{"type":"integer","minimum":1},"recent_decisions":{"type":"integer","minimum":0},"max_list_items":{"type":"integer","minimum":1},"strategy":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"transcript_is_state":{"type":"boolean","const":false}}},"profiles":{"type":"object","additionalProperties":false,"properties":{"default":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"checkpoint_interval_default":{"$ref":"#/$defs/Duration"}}},"verification":{"type":"object","additionalProperties":false,"properties":{"required_for_changes":{"type":"boolean"},"finish_requires":{"type":"array","items":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_]*$"},"uniqueItems":true},"obligations":{"type":"array","default":[],"items":{"type":"string","enum":["committed","pushed"]},"uniqueItems":true},"timeout_seconds":{"type":"integer","minimum":1,"maximum":604800,"default":1800},"outputs":{"type":"array","items":{"type":"string","minLength":1,"maxLength":1024},"maxItems":256,"uniqueItems":true,"default":[]},"commands":{"type":"array","items":{"type":"string","minLength":1,"maxLength":1024},"maxItems":256,"uniqueItems":true,"default":[]}}},"checkpoint":{"type":"object","additionalProperties":false,"properties":{"max_body_lines":{"type":"integer","minimum":1},"retention_max_files":{"type":"integer","minimum":1}}},"handover":{"type":"object","additionalProperties":false,"properties":{"required_sections":{"type":"array","items":{"type":"string","minLength":1}},"retention_max_files":{"type":"integer","minimum":1}}},"session":{"type":"object","additionalProperties":false,"properties":{"briefing_on_start":{"type":"boolean"},"briefing_budget_lines":{"type":"integer","minimum":1},"checkpoint_on_compact":{"type":"boolean"},"handover_on_end":{"type":"boolean"},"handover_on_fill":{"type":"boolean"},"knowledge_on_end":{"type":"boolean"},"knowledge_on_compact":{"type":"boolean"},"stranded_after":{"$ref":"#/$defs/Duration"},"ensure_server_on_start":{"type":"boolean"},"freshness":{"type":"object","additionalProperties":false,"required":["fresh_minutes","stale_minutes"],"properties":{"fresh_minutes":{"type":"integer","minimum":1},"stale_minutes":{"type":"integer","minimum":1}}},"record_sections":{"type":"array","items":{"type":"string","minLength":1},"minItems":1},"commit_record_on_end":{"type":"boolean"},"push_record_on_end":{"type":"boolean"},"retention_max_files":{"type":"integer","minimum":1},"archive":{"type":"boolean"}}},"ledger":{"type":"object","additionalProperties":false,"properties":{"retention_max_lines":{"type":"integer","minimum":1}}},"cache":{"type":"object","additionalProperties":false,"properties":{"flatten_max_entries":{"type":"integer","minimum":0}}},"prompts":{"type":"object","additionalProperties":false,"properties":{"retention_max_days":{"type":"integer","minimum":1},"retention_max_bytes":{"type":"integer","minimum":1}}},"knowledge":{"type":"object","additionalProperties":false,"properties":{"candidates_max_files":{"type":"integer","minimum":1},"candidate_max_age_minutes":{"type":"integer","minimum":1}}},"enforcement":{"type":"array","items":{"$ref":"#/$defs/Enforcement"}},"commit":{"type":"object","additionalProperties":false,"properties":{"subject_max_chars":{"type":"integer","minimum":20},"scope_unknown":{"$ref":"#/$defs/FindingLevel"},"fix_requires_test":{"$ref":"#/$defs/FindingLevel"},"reference_unresolved":{"$ref":"#/$defs/FindingLevel"},"breaking_unexplained":{"$ref":"#/$defs/FindingLevel"}}},"intent":{"type":"object","additionalProperties":false,"properties":{"binding":{"type":"string","enum":["off","advisory","required"]},"exemptions":{"type":"array","items":{"$ref":"#/$defs/IntentExemption"}},"opposition":{"type":"string","enum":["off","required"]}}},"projections":{"type":"array","items":{"$ref":"#/$defs/Projection"}},"benchmark":{"type":"object","additionalProperties":false,"properties":{"samples":{"type":"integer","minimum":1},"warmup":{"type":"integer","minimum":0},"regression":{"type":"object","additionalProperties":false,"properties":{"p50":{"type":"number","minimum":0},"p95":{"type":"number","minimum":0},"p99":{"type":"number","minimum":0}}},"budget":{"type":"object","additionalProperties":false,"properties":{"doctor_ms":{"type":"integer","minimum":1},"watch_ms":{"type":"integer","minimum":1},"enter_ms":{"type":"integer","minimum":1},"enter_cold_ms":{"type":"integer","minimum":1}}}}},"use_cases":{"type":"object","additionalProperties":false,"properties":{"coverage":{"type":"object","additionalProperties":false,"properties":{"commands":{"$ref":"#/$defs/CoverageLevel"},"claims":{"$ref":"#/$defs/CoverageLevel"},"mcp_tools":{"$ref":"#/$defs/CoverageLevel"}}},"step_timeout_seconds":{"type":"integer","minimum":1,"maximum":3600,"default":120}}},"repository_validators":{"type":"object","additionalProperties":false,"properties":{"timeout_seconds":{"type":"integer","default":10,"minimum":1,"maximum":3600},"memory_mb":{"type":"integer","default":1024,"minimum":16,"maximum":65536}}},"server":{"type":"object","additionalProperties":false,"properties":{"probe_timeout_seconds":{"type":"integer","minimum":1},"bind_grace_seconds":{"type":"integer","minimum":1},"join_timeout_seconds":{"type":"integer","minimum":1},"busy_grace_seconds":{"type":"integer","minimum":1}}},"capture":{"type":"object","additionalProperties":false,"properties":{"guard":{"type":"boolean","default":true},"guard_unparsed":{"type":"string","enum":["refuse","allow"],"default":"refuse"},"prompts":{"type":"boolean","default":true}}}},"$defs":{"Duration":{"type":"string","maxLength":16,"pattern":"^[1-9][0-9]*[smh]$"},"FindingLevel":{"type":"string","enum":["off","info","warning","error"]},"CoverageLevel":{"type":"string","enum":["required","advisory","off"]},"Enforcement":{"type":"object","additionalProperties":false,"required":["name","path","wired_by"],"properties":{"name":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"path":{"type":"string","minLength":1},"args":{"type":"array","items":{"type":"string"}},"wired_by":{"type":"string","maxLength":256,"pattern":"^(manual|(git-hook|ci|git-config|toolchain|provider-hook):[^\\s]+)$"}}},"IntentExemption":{"type":"object","additionalProperties":false,"required":["id"],"properties":{"id":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"description":{"type":"string"}}},"Projection":{"type":"object","additionalProperties":false,"required":["provider","target"],"properties":{"provider":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"target":{"type":"string","maxLength":512,"pattern":"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},"always_loaded":{"type":"boolean"},"mode":{"type":"string","enum":["file","region"]}}}}};
const schema51 = {"type":"string","maxLength":16,"pattern":"^[1-9][0-9]*[smh]$"};
const schema53 = {"type":"object","additionalProperties":false,"required":["name","path","wired_by"],"properties":{"name":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"path":{"type":"string","minLength":1},"args":{"type":"array","items":{"type":"string"}},"wired_by":{"type":"string","maxLength":256,"pattern":"^(manual|(git-hook|ci|git-config|toolchain|provider-hook):[^\\s]+)$"}}};
const schema54 = {"type":"string","enum":["off","info","warning","error"]};
const schema58 = {"type":"object","additionalProperties":false,"required":["id"],"properties":{"id":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"description":{"type":"string"}}};
const schema59 = {"type":"object","additionalProperties":false,"required":["provider","target"],"properties":{"provider":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"target":{"type":"string","maxLength":512,"pattern":"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},"always_loaded":{"type":"boolean"},"mode":{"type":"string","enum":["file","region"]}}};
const schema60 = {"type":"string","enum":["required","advisory","off"]};
const pattern23 = new RegExp("^[a-z][a-z0-9-]*$", "u");
const pattern25 = new RegExp("^[1-9][0-9]*[smh]$", "u");
const pattern26 = new RegExp("^[a-z][a-z0-9_]*$", "u");
const pattern29 = new RegExp("^(manual|(git-hook|ci|git-config|toolchain|provider-hook):[^\\s]+)$", "u");

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/policy.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema50.properties, key0))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.version !== undefined){
if(1 !== data.version){
const err2 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.context !== undefined){
let data1 = data.context;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
for(const key1 in data1){
if(!((((((key1 === "always_loaded_budget_lines") || (key1 === "builder_budget_lines")) || (key1 === "recent_decisions")) || (key1 === "max_list_items")) || (key1 === "strategy")) || (key1 === "transcript_is_state"))){
const err3 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data1.always_loaded_budget_lines !== undefined){
let data2 = data1.always_loaded_budget_lines;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err4 = {instancePath:instancePath+"/context/always_loaded_budget_lines",schemaPath:"#/properties/context/properties/always_loaded_budget_lines/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 1 || isNaN(data2)){
const err5 = {instancePath:instancePath+"/context/always_loaded_budget_lines",schemaPath:"#/properties/context/properties/always_loaded_budget_lines/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data1.builder_budget_lines !== undefined){
let data3 = data1.builder_budget_lines;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err6 = {instancePath:instancePath+"/context/builder_budget_lines",schemaPath:"#/properties/context/properties/builder_budget_lines/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 1 || isNaN(data3)){
const err7 = {instancePath:instancePath+"/context/builder_budget_lines",schemaPath:"#/properties/context/properties/builder_budget_lines/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
if(data1.recent_decisions !== undefined){
let data4 = data1.recent_decisions;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err8 = {instancePath:instancePath+"/context/recent_decisions",schemaPath:"#/properties/context/properties/recent_decisions/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err9 = {instancePath:instancePath+"/context/recent_decisions",schemaPath:"#/properties/context/properties/recent_decisions/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
if(data1.max_list_items !== undefined){
let data5 = data1.max_list_items;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err10 = {instancePath:instancePath+"/context/max_list_items",schemaPath:"#/properties/context/properties/max_list_items/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 1 || isNaN(data5)){
const err11 = {instancePath:instancePath+"/context/max_list_items",schemaPath:"#/properties/context/properties/max_list_items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
if(data1.strategy !== undefined){
let data6 = data1.strategy;
if(typeof data6 === "string"){
if(func1(data6) > 64){
const err12 = {instancePath:instancePath+"/context/strategy",schemaPath:"#/properties/context/properties/strategy/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!pattern23.test(data6)){
const err13 = {instancePath:instancePath+"/context/strategy",schemaPath:"#/properties/context/properties/strategy/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/context/strategy",schemaPath:"#/properties/context/properties/strategy/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data1.transcript_is_state !== undefined){
let data7 = data1.transcript_is_state;
if(typeof data7 !== "boolean"){
const err15 = {instancePath:instancePath+"/context/transcript_is_state",schemaPath:"#/properties/context/properties/transcript_is_state/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(false !== data7){
const err16 = {instancePath:instancePath+"/context/transcript_is_state",schemaPath:"#/properties/context/properties/transcript_is_state/const",keyword:"const",params:{allowedValue: false},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.profiles !== undefined){
let data8 = data.profiles;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
for(const key2 in data8){
if(!((key2 === "default") || (key2 === "checkpoint_interval_default"))){
const err18 = {instancePath:instancePath+"/profiles",schemaPath:"#/properties/profiles/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data8.default !== undefined){
let data9 = data8.default;
if(typeof data9 === "string"){
if(func1(data9) > 64){
const err19 = {instancePath:instancePath+"/profiles/default",schemaPath:"#/properties/profiles/properties/default/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(!pattern23.test(data9)){
const err20 = {instancePath:instancePath+"/profiles/default",schemaPath:"#/properties/profiles/properties/default/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/profiles/default",schemaPath:"#/properties/profiles/properties/default/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data8.checkpoint_interval_default !== undefined){
let data10 = data8.checkpoint_interval_default;
if(typeof data10 === "string"){
if(func1(data10) > 16){
const err22 = {instancePath:instancePath+"/profiles/checkpoint_interval_default",schemaPath:"#/$defs/Duration/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(!pattern25.test(data10)){
const err23 = {instancePath:instancePath+"/profiles/checkpoint_interval_default",schemaPath:"#/$defs/Duration/pattern",keyword:"pattern",params:{pattern: "^[1-9][0-9]*[smh]$"},message:"must match pattern \""+"^[1-9][0-9]*[smh]$"+"\""};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/profiles/checkpoint_interval_default",schemaPath:"#/$defs/Duration/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/profiles",schemaPath:"#/properties/profiles/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.verification !== undefined){
let data11 = data.verification;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
for(const key3 in data11){
if(!((((((key3 === "required_for_changes") || (key3 === "finish_requires")) || (key3 === "obligations")) || (key3 === "timeout_seconds")) || (key3 === "outputs")) || (key3 === "commands"))){
const err26 = {instancePath:instancePath+"/verification",schemaPath:"#/properties/verification/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data11.required_for_changes !== undefined){
if(typeof data11.required_for_changes !== "boolean"){
const err27 = {instancePath:instancePath+"/verification/required_for_changes",schemaPath:"#/properties/verification/properties/required_for_changes/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data11.finish_requires !== undefined){
let data13 = data11.finish_requires;
if(Array.isArray(data13)){
const len0 = data13.length;
for(let i0=0; i0<len0; i0++){
let data14 = data13[i0];
if(typeof data14 === "string"){
if(func1(data14) > 64){
const err28 = {instancePath:instancePath+"/verification/finish_requires/" + i0,schemaPath:"#/properties/verification/properties/finish_requires/items/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(!pattern26.test(data14)){
const err29 = {instancePath:instancePath+"/verification/finish_requires/" + i0,schemaPath:"#/properties/verification/properties/finish_requires/items/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*$"+"\""};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/verification/finish_requires/" + i0,schemaPath:"#/properties/verification/properties/finish_requires/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
let i1 = data13.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data13[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err31 = {instancePath:instancePath+"/verification/finish_requires",schemaPath:"#/properties/verification/properties/finish_requires/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err32 = {instancePath:instancePath+"/verification/finish_requires",schemaPath:"#/properties/verification/properties/finish_requires/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data11.obligations !== undefined){
let data15 = data11.obligations;
if(Array.isArray(data15)){
const len1 = data15.length;
for(let i2=0; i2<len1; i2++){
let data16 = data15[i2];
if(typeof data16 !== "string"){
const err33 = {instancePath:instancePath+"/verification/obligations/" + i2,schemaPath:"#/properties/verification/properties/obligations/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(!((data16 === "committed") || (data16 === "pushed"))){
const err34 = {instancePath:instancePath+"/verification/obligations/" + i2,schemaPath:"#/properties/verification/properties/obligations/items/enum",keyword:"enum",params:{allowedValues: schema50.properties.verification.properties.obligations.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
let i3 = data15.length;
let j1;
if(i3 > 1){
const indices1 = {};
for(;i3--;){
let item1 = data15[i3];
if(typeof item1 !== "string"){
continue;
}
if(typeof indices1[item1] == "number"){
j1 = indices1[item1];
const err35 = {instancePath:instancePath+"/verification/obligations",schemaPath:"#/properties/verification/properties/obligations/uniqueItems",keyword:"uniqueItems",params:{i: i3, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i3+" are identical)"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
break;
}
indices1[item1] = i3;
}
}
}
else {
const err36 = {instancePath:instancePath+"/verification/obligations",schemaPath:"#/properties/verification/properties/obligations/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data11.timeout_seconds !== undefined){
let data17 = data11.timeout_seconds;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err37 = {instancePath:instancePath+"/verification/timeout_seconds",schemaPath:"#/properties/verification/properties/timeout_seconds/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 > 604800 || isNaN(data17)){
const err38 = {instancePath:instancePath+"/verification/timeout_seconds",schemaPath:"#/properties/verification/properties/timeout_seconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 604800},message:"must be <= 604800"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(data17 < 1 || isNaN(data17)){
const err39 = {instancePath:instancePath+"/verification/timeout_seconds",schemaPath:"#/properties/verification/properties/timeout_seconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
if(data11.outputs !== undefined){
let data18 = data11.outputs;
if(Array.isArray(data18)){
if(data18.length > 256){
const err40 = {instancePath:instancePath+"/verification/outputs",schemaPath:"#/properties/verification/properties/outputs/maxItems",keyword:"maxItems",params:{limit: 256},message:"must NOT have more than 256 items"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
const len2 = data18.length;
for(let i4=0; i4<len2; i4++){
let data19 = data18[i4];
if(typeof data19 === "string"){
if(func1(data19) > 1024){
const err41 = {instancePath:instancePath+"/verification/outputs/" + i4,schemaPath:"#/properties/verification/properties/outputs/items/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if(func1(data19) < 1){
const err42 = {instancePath:instancePath+"/verification/outputs/" + i4,schemaPath:"#/properties/verification/properties/outputs/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/verification/outputs/" + i4,schemaPath:"#/properties/verification/properties/outputs/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
let i5 = data18.length;
let j2;
if(i5 > 1){
const indices2 = {};
for(;i5--;){
let item2 = data18[i5];
if(typeof item2 !== "string"){
continue;
}
if(typeof indices2[item2] == "number"){
j2 = indices2[item2];
const err44 = {instancePath:instancePath+"/verification/outputs",schemaPath:"#/properties/verification/properties/outputs/uniqueItems",keyword:"uniqueItems",params:{i: i5, j: j2},message:"must NOT have duplicate items (items ## "+j2+" and "+i5+" are identical)"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
break;
}
indices2[item2] = i5;
}
}
}
else {
const err45 = {instancePath:instancePath+"/verification/outputs",schemaPath:"#/properties/verification/properties/outputs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data11.commands !== undefined){
let data20 = data11.commands;
if(Array.isArray(data20)){
if(data20.length > 256){
const err46 = {instancePath:instancePath+"/verification/commands",schemaPath:"#/properties/verification/properties/commands/maxItems",keyword:"maxItems",params:{limit: 256},message:"must NOT have more than 256 items"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
const len3 = data20.length;
for(let i6=0; i6<len3; i6++){
let data21 = data20[i6];
if(typeof data21 === "string"){
if(func1(data21) > 1024){
const err47 = {instancePath:instancePath+"/verification/commands/" + i6,schemaPath:"#/properties/verification/properties/commands/items/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(func1(data21) < 1){
const err48 = {instancePath:instancePath+"/verification/commands/" + i6,schemaPath:"#/properties/verification/properties/commands/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
else {
const err49 = {instancePath:instancePath+"/verification/commands/" + i6,schemaPath:"#/properties/verification/properties/commands/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
let i7 = data20.length;
let j3;
if(i7 > 1){
const indices3 = {};
for(;i7--;){
let item3 = data20[i7];
if(typeof item3 !== "string"){
continue;
}
if(typeof indices3[item3] == "number"){
j3 = indices3[item3];
const err50 = {instancePath:instancePath+"/verification/commands",schemaPath:"#/properties/verification/properties/commands/uniqueItems",keyword:"uniqueItems",params:{i: i7, j: j3},message:"must NOT have duplicate items (items ## "+j3+" and "+i7+" are identical)"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
break;
}
indices3[item3] = i7;
}
}
}
else {
const err51 = {instancePath:instancePath+"/verification/commands",schemaPath:"#/properties/verification/properties/commands/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
else {
const err52 = {instancePath:instancePath+"/verification",schemaPath:"#/properties/verification/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.checkpoint !== undefined){
let data22 = data.checkpoint;
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
for(const key4 in data22){
if(!((key4 === "max_body_lines") || (key4 === "retention_max_files"))){
const err53 = {instancePath:instancePath+"/checkpoint",schemaPath:"#/properties/checkpoint/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data22.max_body_lines !== undefined){
let data23 = data22.max_body_lines;
if(!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))){
const err54 = {instancePath:instancePath+"/checkpoint/max_body_lines",schemaPath:"#/properties/checkpoint/properties/max_body_lines/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 < 1 || isNaN(data23)){
const err55 = {instancePath:instancePath+"/checkpoint/max_body_lines",schemaPath:"#/properties/checkpoint/properties/max_body_lines/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
if(data22.retention_max_files !== undefined){
let data24 = data22.retention_max_files;
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
const err56 = {instancePath:instancePath+"/checkpoint/retention_max_files",schemaPath:"#/properties/checkpoint/properties/retention_max_files/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 < 1 || isNaN(data24)){
const err57 = {instancePath:instancePath+"/checkpoint/retention_max_files",schemaPath:"#/properties/checkpoint/properties/retention_max_files/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
}
}
else {
const err58 = {instancePath:instancePath+"/checkpoint",schemaPath:"#/properties/checkpoint/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data.handover !== undefined){
let data25 = data.handover;
if(data25 && typeof data25 == "object" && !Array.isArray(data25)){
for(const key5 in data25){
if(!((key5 === "required_sections") || (key5 === "retention_max_files"))){
const err59 = {instancePath:instancePath+"/handover",schemaPath:"#/properties/handover/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data25.required_sections !== undefined){
let data26 = data25.required_sections;
if(Array.isArray(data26)){
const len4 = data26.length;
for(let i8=0; i8<len4; i8++){
let data27 = data26[i8];
if(typeof data27 === "string"){
if(func1(data27) < 1){
const err60 = {instancePath:instancePath+"/handover/required_sections/" + i8,schemaPath:"#/properties/handover/properties/required_sections/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
else {
const err61 = {instancePath:instancePath+"/handover/required_sections/" + i8,schemaPath:"#/properties/handover/properties/required_sections/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
else {
const err62 = {instancePath:instancePath+"/handover/required_sections",schemaPath:"#/properties/handover/properties/required_sections/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data25.retention_max_files !== undefined){
let data28 = data25.retention_max_files;
if(!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))){
const err63 = {instancePath:instancePath+"/handover/retention_max_files",schemaPath:"#/properties/handover/properties/retention_max_files/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if((typeof data28 == "number") && (isFinite(data28))){
if(data28 < 1 || isNaN(data28)){
const err64 = {instancePath:instancePath+"/handover/retention_max_files",schemaPath:"#/properties/handover/properties/retention_max_files/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
}
}
else {
const err65 = {instancePath:instancePath+"/handover",schemaPath:"#/properties/handover/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data.session !== undefined){
let data29 = data.session;
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
for(const key6 in data29){
if(!(func3.call(schema50.properties.session.properties, key6))){
const err66 = {instancePath:instancePath+"/session",schemaPath:"#/properties/session/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data29.briefing_on_start !== undefined){
if(typeof data29.briefing_on_start !== "boolean"){
const err67 = {instancePath:instancePath+"/session/briefing_on_start",schemaPath:"#/properties/session/properties/briefing_on_start/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data29.briefing_budget_lines !== undefined){
let data31 = data29.briefing_budget_lines;
if(!(((typeof data31 == "number") && (!(data31 % 1) && !isNaN(data31))) && (isFinite(data31)))){
const err68 = {instancePath:instancePath+"/session/briefing_budget_lines",schemaPath:"#/properties/session/properties/briefing_budget_lines/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if((typeof data31 == "number") && (isFinite(data31))){
if(data31 < 1 || isNaN(data31)){
const err69 = {instancePath:instancePath+"/session/briefing_budget_lines",schemaPath:"#/properties/session/properties/briefing_budget_lines/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
}
if(data29.checkpoint_on_compact !== undefined){
if(typeof data29.checkpoint_on_compact !== "boolean"){
const err70 = {instancePath:instancePath+"/session/checkpoint_on_compact",schemaPath:"#/properties/session/properties/checkpoint_on_compact/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data29.handover_on_end !== undefined){
if(typeof data29.handover_on_end !== "boolean"){
const err71 = {instancePath:instancePath+"/session/handover_on_end",schemaPath:"#/properties/session/properties/handover_on_end/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data29.handover_on_fill !== undefined){
if(typeof data29.handover_on_fill !== "boolean"){
const err72 = {instancePath:instancePath+"/session/handover_on_fill",schemaPath:"#/properties/session/properties/handover_on_fill/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
if(data29.knowledge_on_end !== undefined){
if(typeof data29.knowledge_on_end !== "boolean"){
const err73 = {instancePath:instancePath+"/session/knowledge_on_end",schemaPath:"#/properties/session/properties/knowledge_on_end/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data29.knowledge_on_compact !== undefined){
if(typeof data29.knowledge_on_compact !== "boolean"){
const err74 = {instancePath:instancePath+"/session/knowledge_on_compact",schemaPath:"#/properties/session/properties/knowledge_on_compact/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
if(data29.stranded_after !== undefined){
let data37 = data29.stranded_after;
if(typeof data37 === "string"){
if(func1(data37) > 16){
const err75 = {instancePath:instancePath+"/session/stranded_after",schemaPath:"#/$defs/Duration/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
if(!pattern25.test(data37)){
const err76 = {instancePath:instancePath+"/session/stranded_after",schemaPath:"#/$defs/Duration/pattern",keyword:"pattern",params:{pattern: "^[1-9][0-9]*[smh]$"},message:"must match pattern \""+"^[1-9][0-9]*[smh]$"+"\""};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
else {
const err77 = {instancePath:instancePath+"/session/stranded_after",schemaPath:"#/$defs/Duration/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
if(data29.ensure_server_on_start !== undefined){
if(typeof data29.ensure_server_on_start !== "boolean"){
const err78 = {instancePath:instancePath+"/session/ensure_server_on_start",schemaPath:"#/properties/session/properties/ensure_server_on_start/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data29.freshness !== undefined){
let data39 = data29.freshness;
if(data39 && typeof data39 == "object" && !Array.isArray(data39)){
if(data39.fresh_minutes === undefined){
const err79 = {instancePath:instancePath+"/session/freshness",schemaPath:"#/properties/session/properties/freshness/required",keyword:"required",params:{missingProperty: "fresh_minutes"},message:"must have required property '"+"fresh_minutes"+"'"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
if(data39.stale_minutes === undefined){
const err80 = {instancePath:instancePath+"/session/freshness",schemaPath:"#/properties/session/properties/freshness/required",keyword:"required",params:{missingProperty: "stale_minutes"},message:"must have required property '"+"stale_minutes"+"'"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
for(const key7 in data39){
if(!((key7 === "fresh_minutes") || (key7 === "stale_minutes"))){
const err81 = {instancePath:instancePath+"/session/freshness",schemaPath:"#/properties/session/properties/freshness/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
if(data39.fresh_minutes !== undefined){
let data40 = data39.fresh_minutes;
if(!(((typeof data40 == "number") && (!(data40 % 1) && !isNaN(data40))) && (isFinite(data40)))){
const err82 = {instancePath:instancePath+"/session/freshness/fresh_minutes",schemaPath:"#/properties/session/properties/freshness/properties/fresh_minutes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
if((typeof data40 == "number") && (isFinite(data40))){
if(data40 < 1 || isNaN(data40)){
const err83 = {instancePath:instancePath+"/session/freshness/fresh_minutes",schemaPath:"#/properties/session/properties/freshness/properties/fresh_minutes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
}
if(data39.stale_minutes !== undefined){
let data41 = data39.stale_minutes;
if(!(((typeof data41 == "number") && (!(data41 % 1) && !isNaN(data41))) && (isFinite(data41)))){
const err84 = {instancePath:instancePath+"/session/freshness/stale_minutes",schemaPath:"#/properties/session/properties/freshness/properties/stale_minutes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
if((typeof data41 == "number") && (isFinite(data41))){
if(data41 < 1 || isNaN(data41)){
const err85 = {instancePath:instancePath+"/session/freshness/stale_minutes",schemaPath:"#/properties/session/properties/freshness/properties/stale_minutes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
}
}
else {
const err86 = {instancePath:instancePath+"/session/freshness",schemaPath:"#/properties/session/properties/freshness/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
if(data29.record_sections !== undefined){
let data42 = data29.record_sections;
if(Array.isArray(data42)){
if(data42.length < 1){
const err87 = {instancePath:instancePath+"/session/record_sections",schemaPath:"#/properties/session/properties/record_sections/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
const len5 = data42.length;
for(let i9=0; i9<len5; i9++){
let data43 = data42[i9];
if(typeof data43 === "string"){
if(func1(data43) < 1){
const err88 = {instancePath:instancePath+"/session/record_sections/" + i9,schemaPath:"#/properties/session/properties/record_sections/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
else {
const err89 = {instancePath:instancePath+"/session/record_sections/" + i9,schemaPath:"#/properties/session/properties/record_sections/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
}
else {
const err90 = {instancePath:instancePath+"/session/record_sections",schemaPath:"#/properties/session/properties/record_sections/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
if(data29.commit_record_on_end !== undefined){
if(typeof data29.commit_record_on_end !== "boolean"){
const err91 = {instancePath:instancePath+"/session/commit_record_on_end",schemaPath:"#/properties/session/properties/commit_record_on_end/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
if(data29.push_record_on_end !== undefined){
if(typeof data29.push_record_on_end !== "boolean"){
const err92 = {instancePath:instancePath+"/session/push_record_on_end",schemaPath:"#/properties/session/properties/push_record_on_end/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data29.retention_max_files !== undefined){
let data46 = data29.retention_max_files;
if(!(((typeof data46 == "number") && (!(data46 % 1) && !isNaN(data46))) && (isFinite(data46)))){
const err93 = {instancePath:instancePath+"/session/retention_max_files",schemaPath:"#/properties/session/properties/retention_max_files/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
if((typeof data46 == "number") && (isFinite(data46))){
if(data46 < 1 || isNaN(data46)){
const err94 = {instancePath:instancePath+"/session/retention_max_files",schemaPath:"#/properties/session/properties/retention_max_files/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
}
if(data29.archive !== undefined){
if(typeof data29.archive !== "boolean"){
const err95 = {instancePath:instancePath+"/session/archive",schemaPath:"#/properties/session/properties/archive/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
}
else {
const err96 = {instancePath:instancePath+"/session",schemaPath:"#/properties/session/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
if(data.ledger !== undefined){
let data48 = data.ledger;
if(data48 && typeof data48 == "object" && !Array.isArray(data48)){
for(const key8 in data48){
if(!(key8 === "retention_max_lines")){
const err97 = {instancePath:instancePath+"/ledger",schemaPath:"#/properties/ledger/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
if(data48.retention_max_lines !== undefined){
let data49 = data48.retention_max_lines;
if(!(((typeof data49 == "number") && (!(data49 % 1) && !isNaN(data49))) && (isFinite(data49)))){
const err98 = {instancePath:instancePath+"/ledger/retention_max_lines",schemaPath:"#/properties/ledger/properties/retention_max_lines/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
if((typeof data49 == "number") && (isFinite(data49))){
if(data49 < 1 || isNaN(data49)){
const err99 = {instancePath:instancePath+"/ledger/retention_max_lines",schemaPath:"#/properties/ledger/properties/retention_max_lines/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
}
}
else {
const err100 = {instancePath:instancePath+"/ledger",schemaPath:"#/properties/ledger/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
if(data.cache !== undefined){
let data50 = data.cache;
if(data50 && typeof data50 == "object" && !Array.isArray(data50)){
for(const key9 in data50){
if(!(key9 === "flatten_max_entries")){
const err101 = {instancePath:instancePath+"/cache",schemaPath:"#/properties/cache/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
if(data50.flatten_max_entries !== undefined){
let data51 = data50.flatten_max_entries;
if(!(((typeof data51 == "number") && (!(data51 % 1) && !isNaN(data51))) && (isFinite(data51)))){
const err102 = {instancePath:instancePath+"/cache/flatten_max_entries",schemaPath:"#/properties/cache/properties/flatten_max_entries/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
if((typeof data51 == "number") && (isFinite(data51))){
if(data51 < 0 || isNaN(data51)){
const err103 = {instancePath:instancePath+"/cache/flatten_max_entries",schemaPath:"#/properties/cache/properties/flatten_max_entries/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
}
}
else {
const err104 = {instancePath:instancePath+"/cache",schemaPath:"#/properties/cache/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
if(data.prompts !== undefined){
let data52 = data.prompts;
if(data52 && typeof data52 == "object" && !Array.isArray(data52)){
for(const key10 in data52){
if(!((key10 === "retention_max_days") || (key10 === "retention_max_bytes"))){
const err105 = {instancePath:instancePath+"/prompts",schemaPath:"#/properties/prompts/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key10},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
if(data52.retention_max_days !== undefined){
let data53 = data52.retention_max_days;
if(!(((typeof data53 == "number") && (!(data53 % 1) && !isNaN(data53))) && (isFinite(data53)))){
const err106 = {instancePath:instancePath+"/prompts/retention_max_days",schemaPath:"#/properties/prompts/properties/retention_max_days/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
if((typeof data53 == "number") && (isFinite(data53))){
if(data53 < 1 || isNaN(data53)){
const err107 = {instancePath:instancePath+"/prompts/retention_max_days",schemaPath:"#/properties/prompts/properties/retention_max_days/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
}
if(data52.retention_max_bytes !== undefined){
let data54 = data52.retention_max_bytes;
if(!(((typeof data54 == "number") && (!(data54 % 1) && !isNaN(data54))) && (isFinite(data54)))){
const err108 = {instancePath:instancePath+"/prompts/retention_max_bytes",schemaPath:"#/properties/prompts/properties/retention_max_bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
if((typeof data54 == "number") && (isFinite(data54))){
if(data54 < 1 || isNaN(data54)){
const err109 = {instancePath:instancePath+"/prompts/retention_max_bytes",schemaPath:"#/properties/prompts/properties/retention_max_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
}
}
}
else {
const err110 = {instancePath:instancePath+"/prompts",schemaPath:"#/properties/prompts/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
}
if(data.knowledge !== undefined){
let data55 = data.knowledge;
if(data55 && typeof data55 == "object" && !Array.isArray(data55)){
for(const key11 in data55){
if(!((key11 === "candidates_max_files") || (key11 === "candidate_max_age_minutes"))){
const err111 = {instancePath:instancePath+"/knowledge",schemaPath:"#/properties/knowledge/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
if(data55.candidates_max_files !== undefined){
let data56 = data55.candidates_max_files;
if(!(((typeof data56 == "number") && (!(data56 % 1) && !isNaN(data56))) && (isFinite(data56)))){
const err112 = {instancePath:instancePath+"/knowledge/candidates_max_files",schemaPath:"#/properties/knowledge/properties/candidates_max_files/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
if((typeof data56 == "number") && (isFinite(data56))){
if(data56 < 1 || isNaN(data56)){
const err113 = {instancePath:instancePath+"/knowledge/candidates_max_files",schemaPath:"#/properties/knowledge/properties/candidates_max_files/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
}
if(data55.candidate_max_age_minutes !== undefined){
let data57 = data55.candidate_max_age_minutes;
if(!(((typeof data57 == "number") && (!(data57 % 1) && !isNaN(data57))) && (isFinite(data57)))){
const err114 = {instancePath:instancePath+"/knowledge/candidate_max_age_minutes",schemaPath:"#/properties/knowledge/properties/candidate_max_age_minutes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
if((typeof data57 == "number") && (isFinite(data57))){
if(data57 < 1 || isNaN(data57)){
const err115 = {instancePath:instancePath+"/knowledge/candidate_max_age_minutes",schemaPath:"#/properties/knowledge/properties/candidate_max_age_minutes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
}
}
}
else {
const err116 = {instancePath:instancePath+"/knowledge",schemaPath:"#/properties/knowledge/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
if(data.enforcement !== undefined){
let data58 = data.enforcement;
if(Array.isArray(data58)){
const len6 = data58.length;
for(let i10=0; i10<len6; i10++){
let data59 = data58[i10];
if(data59 && typeof data59 == "object" && !Array.isArray(data59)){
if(data59.name === undefined){
const err117 = {instancePath:instancePath+"/enforcement/" + i10,schemaPath:"#/$defs/Enforcement/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
if(data59.path === undefined){
const err118 = {instancePath:instancePath+"/enforcement/" + i10,schemaPath:"#/$defs/Enforcement/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
if(data59.wired_by === undefined){
const err119 = {instancePath:instancePath+"/enforcement/" + i10,schemaPath:"#/$defs/Enforcement/required",keyword:"required",params:{missingProperty: "wired_by"},message:"must have required property '"+"wired_by"+"'"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
for(const key12 in data59){
if(!((((key12 === "name") || (key12 === "path")) || (key12 === "args")) || (key12 === "wired_by"))){
const err120 = {instancePath:instancePath+"/enforcement/" + i10,schemaPath:"#/$defs/Enforcement/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key12},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
}
if(data59.name !== undefined){
let data60 = data59.name;
if(typeof data60 === "string"){
if(func1(data60) > 64){
const err121 = {instancePath:instancePath+"/enforcement/" + i10+"/name",schemaPath:"#/$defs/Enforcement/properties/name/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
if(!pattern23.test(data60)){
const err122 = {instancePath:instancePath+"/enforcement/" + i10+"/name",schemaPath:"#/$defs/Enforcement/properties/name/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
}
else {
const err123 = {instancePath:instancePath+"/enforcement/" + i10+"/name",schemaPath:"#/$defs/Enforcement/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
}
if(data59.path !== undefined){
let data61 = data59.path;
if(typeof data61 === "string"){
if(func1(data61) < 1){
const err124 = {instancePath:instancePath+"/enforcement/" + i10+"/path",schemaPath:"#/$defs/Enforcement/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
}
else {
const err125 = {instancePath:instancePath+"/enforcement/" + i10+"/path",schemaPath:"#/$defs/Enforcement/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
}
if(data59.args !== undefined){
let data62 = data59.args;
if(Array.isArray(data62)){
const len7 = data62.length;
for(let i11=0; i11<len7; i11++){
if(typeof data62[i11] !== "string"){
const err126 = {instancePath:instancePath+"/enforcement/" + i10+"/args/" + i11,schemaPath:"#/$defs/Enforcement/properties/args/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
}
}
else {
const err127 = {instancePath:instancePath+"/enforcement/" + i10+"/args",schemaPath:"#/$defs/Enforcement/properties/args/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
}
if(data59.wired_by !== undefined){
let data64 = data59.wired_by;
if(typeof data64 === "string"){
if(func1(data64) > 256){
const err128 = {instancePath:instancePath+"/enforcement/" + i10+"/wired_by",schemaPath:"#/$defs/Enforcement/properties/wired_by/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
if(!pattern29.test(data64)){
const err129 = {instancePath:instancePath+"/enforcement/" + i10+"/wired_by",schemaPath:"#/$defs/Enforcement/properties/wired_by/pattern",keyword:"pattern",params:{pattern: "^(manual|(git-hook|ci|git-config|toolchain|provider-hook):[^\\s]+)$"},message:"must match pattern \""+"^(manual|(git-hook|ci|git-config|toolchain|provider-hook):[^\\s]+)$"+"\""};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
}
else {
const err130 = {instancePath:instancePath+"/enforcement/" + i10+"/wired_by",schemaPath:"#/$defs/Enforcement/properties/wired_by/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
}
}
else {
const err131 = {instancePath:instancePath+"/enforcement/" + i10,schemaPath:"#/$defs/Enforcement/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
}
}
else {
const err132 = {instancePath:instancePath+"/enforcement",schemaPath:"#/properties/enforcement/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
}
if(data.commit !== undefined){
let data65 = data.commit;
if(data65 && typeof data65 == "object" && !Array.isArray(data65)){
for(const key13 in data65){
if(!(((((key13 === "subject_max_chars") || (key13 === "scope_unknown")) || (key13 === "fix_requires_test")) || (key13 === "reference_unresolved")) || (key13 === "breaking_unexplained"))){
const err133 = {instancePath:instancePath+"/commit",schemaPath:"#/properties/commit/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key13},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
}
if(data65.subject_max_chars !== undefined){
let data66 = data65.subject_max_chars;
if(!(((typeof data66 == "number") && (!(data66 % 1) && !isNaN(data66))) && (isFinite(data66)))){
const err134 = {instancePath:instancePath+"/commit/subject_max_chars",schemaPath:"#/properties/commit/properties/subject_max_chars/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
if((typeof data66 == "number") && (isFinite(data66))){
if(data66 < 20 || isNaN(data66)){
const err135 = {instancePath:instancePath+"/commit/subject_max_chars",schemaPath:"#/properties/commit/properties/subject_max_chars/minimum",keyword:"minimum",params:{comparison: ">=", limit: 20},message:"must be >= 20"};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
}
}
if(data65.scope_unknown !== undefined){
let data67 = data65.scope_unknown;
if(typeof data67 !== "string"){
const err136 = {instancePath:instancePath+"/commit/scope_unknown",schemaPath:"#/$defs/FindingLevel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
if(!((((data67 === "off") || (data67 === "info")) || (data67 === "warning")) || (data67 === "error"))){
const err137 = {instancePath:instancePath+"/commit/scope_unknown",schemaPath:"#/$defs/FindingLevel/enum",keyword:"enum",params:{allowedValues: schema54.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
}
if(data65.fix_requires_test !== undefined){
let data68 = data65.fix_requires_test;
if(typeof data68 !== "string"){
const err138 = {instancePath:instancePath+"/commit/fix_requires_test",schemaPath:"#/$defs/FindingLevel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
if(!((((data68 === "off") || (data68 === "info")) || (data68 === "warning")) || (data68 === "error"))){
const err139 = {instancePath:instancePath+"/commit/fix_requires_test",schemaPath:"#/$defs/FindingLevel/enum",keyword:"enum",params:{allowedValues: schema54.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
}
}
if(data65.reference_unresolved !== undefined){
let data69 = data65.reference_unresolved;
if(typeof data69 !== "string"){
const err140 = {instancePath:instancePath+"/commit/reference_unresolved",schemaPath:"#/$defs/FindingLevel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
if(!((((data69 === "off") || (data69 === "info")) || (data69 === "warning")) || (data69 === "error"))){
const err141 = {instancePath:instancePath+"/commit/reference_unresolved",schemaPath:"#/$defs/FindingLevel/enum",keyword:"enum",params:{allowedValues: schema54.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
}
if(data65.breaking_unexplained !== undefined){
let data70 = data65.breaking_unexplained;
if(typeof data70 !== "string"){
const err142 = {instancePath:instancePath+"/commit/breaking_unexplained",schemaPath:"#/$defs/FindingLevel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
if(!((((data70 === "off") || (data70 === "info")) || (data70 === "warning")) || (data70 === "error"))){
const err143 = {instancePath:instancePath+"/commit/breaking_unexplained",schemaPath:"#/$defs/FindingLevel/enum",keyword:"enum",params:{allowedValues: schema54.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
}
}
}
else {
const err144 = {instancePath:instancePath+"/commit",schemaPath:"#/properties/commit/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
}
if(data.intent !== undefined){
let data71 = data.intent;
if(data71 && typeof data71 == "object" && !Array.isArray(data71)){
for(const key14 in data71){
if(!(((key14 === "binding") || (key14 === "exemptions")) || (key14 === "opposition"))){
const err145 = {instancePath:instancePath+"/intent",schemaPath:"#/properties/intent/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key14},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err145];
}
else {
vErrors.push(err145);
}
errors++;
}
}
if(data71.binding !== undefined){
let data72 = data71.binding;
if(typeof data72 !== "string"){
const err146 = {instancePath:instancePath+"/intent/binding",schemaPath:"#/properties/intent/properties/binding/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err146];
}
else {
vErrors.push(err146);
}
errors++;
}
if(!(((data72 === "off") || (data72 === "advisory")) || (data72 === "required"))){
const err147 = {instancePath:instancePath+"/intent/binding",schemaPath:"#/properties/intent/properties/binding/enum",keyword:"enum",params:{allowedValues: schema50.properties.intent.properties.binding.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err147];
}
else {
vErrors.push(err147);
}
errors++;
}
}
if(data71.exemptions !== undefined){
let data73 = data71.exemptions;
if(Array.isArray(data73)){
const len8 = data73.length;
for(let i12=0; i12<len8; i12++){
let data74 = data73[i12];
if(data74 && typeof data74 == "object" && !Array.isArray(data74)){
if(data74.id === undefined){
const err148 = {instancePath:instancePath+"/intent/exemptions/" + i12,schemaPath:"#/$defs/IntentExemption/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err148];
}
else {
vErrors.push(err148);
}
errors++;
}
for(const key15 in data74){
if(!((key15 === "id") || (key15 === "description"))){
const err149 = {instancePath:instancePath+"/intent/exemptions/" + i12,schemaPath:"#/$defs/IntentExemption/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key15},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err149];
}
else {
vErrors.push(err149);
}
errors++;
}
}
if(data74.id !== undefined){
let data75 = data74.id;
if(typeof data75 === "string"){
if(func1(data75) > 64){
const err150 = {instancePath:instancePath+"/intent/exemptions/" + i12+"/id",schemaPath:"#/$defs/IntentExemption/properties/id/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err150];
}
else {
vErrors.push(err150);
}
errors++;
}
if(!pattern23.test(data75)){
const err151 = {instancePath:instancePath+"/intent/exemptions/" + i12+"/id",schemaPath:"#/$defs/IntentExemption/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err151];
}
else {
vErrors.push(err151);
}
errors++;
}
}
else {
const err152 = {instancePath:instancePath+"/intent/exemptions/" + i12+"/id",schemaPath:"#/$defs/IntentExemption/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err152];
}
else {
vErrors.push(err152);
}
errors++;
}
}
if(data74.description !== undefined){
if(typeof data74.description !== "string"){
const err153 = {instancePath:instancePath+"/intent/exemptions/" + i12+"/description",schemaPath:"#/$defs/IntentExemption/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err153];
}
else {
vErrors.push(err153);
}
errors++;
}
}
}
else {
const err154 = {instancePath:instancePath+"/intent/exemptions/" + i12,schemaPath:"#/$defs/IntentExemption/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err154];
}
else {
vErrors.push(err154);
}
errors++;
}
}
}
else {
const err155 = {instancePath:instancePath+"/intent/exemptions",schemaPath:"#/properties/intent/properties/exemptions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err155];
}
else {
vErrors.push(err155);
}
errors++;
}
}
if(data71.opposition !== undefined){
let data77 = data71.opposition;
if(typeof data77 !== "string"){
const err156 = {instancePath:instancePath+"/intent/opposition",schemaPath:"#/properties/intent/properties/opposition/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err156];
}
else {
vErrors.push(err156);
}
errors++;
}
if(!((data77 === "off") || (data77 === "required"))){
const err157 = {instancePath:instancePath+"/intent/opposition",schemaPath:"#/properties/intent/properties/opposition/enum",keyword:"enum",params:{allowedValues: schema50.properties.intent.properties.opposition.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err157];
}
else {
vErrors.push(err157);
}
errors++;
}
}
}
else {
const err158 = {instancePath:instancePath+"/intent",schemaPath:"#/properties/intent/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err158];
}
else {
vErrors.push(err158);
}
errors++;
}
}
if(data.projections !== undefined){
let data78 = data.projections;
if(Array.isArray(data78)){
const len9 = data78.length;
for(let i13=0; i13<len9; i13++){
let data79 = data78[i13];
if(data79 && typeof data79 == "object" && !Array.isArray(data79)){
if(data79.provider === undefined){
const err159 = {instancePath:instancePath+"/projections/" + i13,schemaPath:"#/$defs/Projection/required",keyword:"required",params:{missingProperty: "provider"},message:"must have required property '"+"provider"+"'"};
if(vErrors === null){
vErrors = [err159];
}
else {
vErrors.push(err159);
}
errors++;
}
if(data79.target === undefined){
const err160 = {instancePath:instancePath+"/projections/" + i13,schemaPath:"#/$defs/Projection/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};
if(vErrors === null){
vErrors = [err160];
}
else {
vErrors.push(err160);
}
errors++;
}
for(const key16 in data79){
if(!((((key16 === "provider") || (key16 === "target")) || (key16 === "always_loaded")) || (key16 === "mode"))){
const err161 = {instancePath:instancePath+"/projections/" + i13,schemaPath:"#/$defs/Projection/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key16},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err161];
}
else {
vErrors.push(err161);
}
errors++;
}
}
if(data79.provider !== undefined){
let data80 = data79.provider;
if(typeof data80 === "string"){
if(func1(data80) > 64){
const err162 = {instancePath:instancePath+"/projections/" + i13+"/provider",schemaPath:"#/$defs/Projection/properties/provider/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err162];
}
else {
vErrors.push(err162);
}
errors++;
}
if(!pattern23.test(data80)){
const err163 = {instancePath:instancePath+"/projections/" + i13+"/provider",schemaPath:"#/$defs/Projection/properties/provider/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err163];
}
else {
vErrors.push(err163);
}
errors++;
}
}
else {
const err164 = {instancePath:instancePath+"/projections/" + i13+"/provider",schemaPath:"#/$defs/Projection/properties/provider/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err164];
}
else {
vErrors.push(err164);
}
errors++;
}
}
if(data79.target !== undefined){
let data81 = data79.target;
if(typeof data81 === "string"){
if(func1(data81) > 512){
const err165 = {instancePath:instancePath+"/projections/" + i13+"/target",schemaPath:"#/$defs/Projection/properties/target/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err165];
}
else {
vErrors.push(err165);
}
errors++;
}
if(!pattern4.test(data81)){
const err166 = {instancePath:instancePath+"/projections/" + i13+"/target",schemaPath:"#/$defs/Projection/properties/target/pattern",keyword:"pattern",params:{pattern: "^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"},message:"must match pattern \""+"^(?!.*(^|/)\\.{1,2}(/|$))[^/\\\\\\s][^\\\\\\s]*$"+"\""};
if(vErrors === null){
vErrors = [err166];
}
else {
vErrors.push(err166);
}
errors++;
}
}
else {
const err167 = {instancePath:instancePath+"/projections/" + i13+"/target",schemaPath:"#/$defs/Projection/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err167];
}
else {
vErrors.push(err167);
}
errors++;
}
}
if(data79.always_loaded !== undefined){
if(typeof data79.always_loaded !== "boolean"){
const err168 = {instancePath:instancePath+"/projections/" + i13+"/always_loaded",schemaPath:"#/$defs/Projection/properties/always_loaded/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err168];
}
else {
vErrors.push(err168);
}
errors++;
}
}
if(data79.mode !== undefined){
let data83 = data79.mode;
if(typeof data83 !== "string"){
const err169 = {instancePath:instancePath+"/projections/" + i13+"/mode",schemaPath:"#/$defs/Projection/properties/mode/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err169];
}
else {
vErrors.push(err169);
}
errors++;
}
if(!((data83 === "file") || (data83 === "region"))){
const err170 = {instancePath:instancePath+"/projections/" + i13+"/mode",schemaPath:"#/$defs/Projection/properties/mode/enum",keyword:"enum",params:{allowedValues: schema59.properties.mode.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err170];
}
else {
vErrors.push(err170);
}
errors++;
}
}
}
else {
const err171 = {instancePath:instancePath+"/projections/" + i13,schemaPath:"#/$defs/Projection/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err171];
}
else {
vErrors.push(err171);
}
errors++;
}
}
}
else {
const err172 = {instancePath:instancePath+"/projections",schemaPath:"#/properties/projections/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err172];
}
else {
vErrors.push(err172);
}
errors++;
}
}
if(data.benchmark !== undefined){
let data84 = data.benchmark;
if(data84 && typeof data84 == "object" && !Array.isArray(data84)){
for(const key17 in data84){
if(!((((key17 === "samples") || (key17 === "warmup")) || (key17 === "regression")) || (key17 === "budget"))){
const err173 = {instancePath:instancePath+"/benchmark",schemaPath:"#/properties/benchmark/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key17},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err173];
}
else {
vErrors.push(err173);
}
errors++;
}
}
if(data84.samples !== undefined){
let data85 = data84.samples;
if(!(((typeof data85 == "number") && (!(data85 % 1) && !isNaN(data85))) && (isFinite(data85)))){
const err174 = {instancePath:instancePath+"/benchmark/samples",schemaPath:"#/properties/benchmark/properties/samples/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err174];
}
else {
vErrors.push(err174);
}
errors++;
}
if((typeof data85 == "number") && (isFinite(data85))){
if(data85 < 1 || isNaN(data85)){
const err175 = {instancePath:instancePath+"/benchmark/samples",schemaPath:"#/properties/benchmark/properties/samples/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err175];
}
else {
vErrors.push(err175);
}
errors++;
}
}
}
if(data84.warmup !== undefined){
let data86 = data84.warmup;
if(!(((typeof data86 == "number") && (!(data86 % 1) && !isNaN(data86))) && (isFinite(data86)))){
const err176 = {instancePath:instancePath+"/benchmark/warmup",schemaPath:"#/properties/benchmark/properties/warmup/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err176];
}
else {
vErrors.push(err176);
}
errors++;
}
if((typeof data86 == "number") && (isFinite(data86))){
if(data86 < 0 || isNaN(data86)){
const err177 = {instancePath:instancePath+"/benchmark/warmup",schemaPath:"#/properties/benchmark/properties/warmup/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err177];
}
else {
vErrors.push(err177);
}
errors++;
}
}
}
if(data84.regression !== undefined){
let data87 = data84.regression;
if(data87 && typeof data87 == "object" && !Array.isArray(data87)){
for(const key18 in data87){
if(!(((key18 === "p50") || (key18 === "p95")) || (key18 === "p99"))){
const err178 = {instancePath:instancePath+"/benchmark/regression",schemaPath:"#/properties/benchmark/properties/regression/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key18},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err178];
}
else {
vErrors.push(err178);
}
errors++;
}
}
if(data87.p50 !== undefined){
let data88 = data87.p50;
if((typeof data88 == "number") && (isFinite(data88))){
if(data88 < 0 || isNaN(data88)){
const err179 = {instancePath:instancePath+"/benchmark/regression/p50",schemaPath:"#/properties/benchmark/properties/regression/properties/p50/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err179];
}
else {
vErrors.push(err179);
}
errors++;
}
}
else {
const err180 = {instancePath:instancePath+"/benchmark/regression/p50",schemaPath:"#/properties/benchmark/properties/regression/properties/p50/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err180];
}
else {
vErrors.push(err180);
}
errors++;
}
}
if(data87.p95 !== undefined){
let data89 = data87.p95;
if((typeof data89 == "number") && (isFinite(data89))){
if(data89 < 0 || isNaN(data89)){
const err181 = {instancePath:instancePath+"/benchmark/regression/p95",schemaPath:"#/properties/benchmark/properties/regression/properties/p95/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err181];
}
else {
vErrors.push(err181);
}
errors++;
}
}
else {
const err182 = {instancePath:instancePath+"/benchmark/regression/p95",schemaPath:"#/properties/benchmark/properties/regression/properties/p95/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err182];
}
else {
vErrors.push(err182);
}
errors++;
}
}
if(data87.p99 !== undefined){
let data90 = data87.p99;
if((typeof data90 == "number") && (isFinite(data90))){
if(data90 < 0 || isNaN(data90)){
const err183 = {instancePath:instancePath+"/benchmark/regression/p99",schemaPath:"#/properties/benchmark/properties/regression/properties/p99/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err183];
}
else {
vErrors.push(err183);
}
errors++;
}
}
else {
const err184 = {instancePath:instancePath+"/benchmark/regression/p99",schemaPath:"#/properties/benchmark/properties/regression/properties/p99/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err184];
}
else {
vErrors.push(err184);
}
errors++;
}
}
}
else {
const err185 = {instancePath:instancePath+"/benchmark/regression",schemaPath:"#/properties/benchmark/properties/regression/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err185];
}
else {
vErrors.push(err185);
}
errors++;
}
}
if(data84.budget !== undefined){
let data91 = data84.budget;
if(data91 && typeof data91 == "object" && !Array.isArray(data91)){
for(const key19 in data91){
if(!((((key19 === "doctor_ms") || (key19 === "watch_ms")) || (key19 === "enter_ms")) || (key19 === "enter_cold_ms"))){
const err186 = {instancePath:instancePath+"/benchmark/budget",schemaPath:"#/properties/benchmark/properties/budget/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key19},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err186];
}
else {
vErrors.push(err186);
}
errors++;
}
}
if(data91.doctor_ms !== undefined){
let data92 = data91.doctor_ms;
if(!(((typeof data92 == "number") && (!(data92 % 1) && !isNaN(data92))) && (isFinite(data92)))){
const err187 = {instancePath:instancePath+"/benchmark/budget/doctor_ms",schemaPath:"#/properties/benchmark/properties/budget/properties/doctor_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err187];
}
else {
vErrors.push(err187);
}
errors++;
}
if((typeof data92 == "number") && (isFinite(data92))){
if(data92 < 1 || isNaN(data92)){
const err188 = {instancePath:instancePath+"/benchmark/budget/doctor_ms",schemaPath:"#/properties/benchmark/properties/budget/properties/doctor_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err188];
}
else {
vErrors.push(err188);
}
errors++;
}
}
}
if(data91.watch_ms !== undefined){
let data93 = data91.watch_ms;
if(!(((typeof data93 == "number") && (!(data93 % 1) && !isNaN(data93))) && (isFinite(data93)))){
const err189 = {instancePath:instancePath+"/benchmark/budget/watch_ms",schemaPath:"#/properties/benchmark/properties/budget/properties/watch_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err189];
}
else {
vErrors.push(err189);
}
errors++;
}
if((typeof data93 == "number") && (isFinite(data93))){
if(data93 < 1 || isNaN(data93)){
const err190 = {instancePath:instancePath+"/benchmark/budget/watch_ms",schemaPath:"#/properties/benchmark/properties/budget/properties/watch_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err190];
}
else {
vErrors.push(err190);
}
errors++;
}
}
}
if(data91.enter_ms !== undefined){
let data94 = data91.enter_ms;
if(!(((typeof data94 == "number") && (!(data94 % 1) && !isNaN(data94))) && (isFinite(data94)))){
const err191 = {instancePath:instancePath+"/benchmark/budget/enter_ms",schemaPath:"#/properties/benchmark/properties/budget/properties/enter_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err191];
}
else {
vErrors.push(err191);
}
errors++;
}
if((typeof data94 == "number") && (isFinite(data94))){
if(data94 < 1 || isNaN(data94)){
const err192 = {instancePath:instancePath+"/benchmark/budget/enter_ms",schemaPath:"#/properties/benchmark/properties/budget/properties/enter_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err192];
}
else {
vErrors.push(err192);
}
errors++;
}
}
}
if(data91.enter_cold_ms !== undefined){
let data95 = data91.enter_cold_ms;
if(!(((typeof data95 == "number") && (!(data95 % 1) && !isNaN(data95))) && (isFinite(data95)))){
const err193 = {instancePath:instancePath+"/benchmark/budget/enter_cold_ms",schemaPath:"#/properties/benchmark/properties/budget/properties/enter_cold_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err193];
}
else {
vErrors.push(err193);
}
errors++;
}
if((typeof data95 == "number") && (isFinite(data95))){
if(data95 < 1 || isNaN(data95)){
const err194 = {instancePath:instancePath+"/benchmark/budget/enter_cold_ms",schemaPath:"#/properties/benchmark/properties/budget/properties/enter_cold_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err194];
}
else {
vErrors.push(err194);
}
errors++;
}
}
}
}
else {
const err195 = {instancePath:instancePath+"/benchmark/budget",schemaPath:"#/properties/benchmark/properties/budget/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err195];
}
else {
vErrors.push(err195);
}
errors++;
}
}
}
else {
const err196 = {instancePath:instancePath+"/benchmark",schemaPath:"#/properties/benchmark/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err196];
}
else {
vErrors.push(err196);
}
errors++;
}
}
if(data.use_cases !== undefined){
let data96 = data.use_cases;
if(data96 && typeof data96 == "object" && !Array.isArray(data96)){
for(const key20 in data96){
if(!((key20 === "coverage") || (key20 === "step_timeout_seconds"))){
const err197 = {instancePath:instancePath+"/use_cases",schemaPath:"#/properties/use_cases/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key20},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err197];
}
else {
vErrors.push(err197);
}
errors++;
}
}
if(data96.coverage !== undefined){
let data97 = data96.coverage;
if(data97 && typeof data97 == "object" && !Array.isArray(data97)){
for(const key21 in data97){
if(!(((key21 === "commands") || (key21 === "claims")) || (key21 === "mcp_tools"))){
const err198 = {instancePath:instancePath+"/use_cases/coverage",schemaPath:"#/properties/use_cases/properties/coverage/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key21},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err198];
}
else {
vErrors.push(err198);
}
errors++;
}
}
if(data97.commands !== undefined){
let data98 = data97.commands;
if(typeof data98 !== "string"){
const err199 = {instancePath:instancePath+"/use_cases/coverage/commands",schemaPath:"#/$defs/CoverageLevel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err199];
}
else {
vErrors.push(err199);
}
errors++;
}
if(!(((data98 === "required") || (data98 === "advisory")) || (data98 === "off"))){
const err200 = {instancePath:instancePath+"/use_cases/coverage/commands",schemaPath:"#/$defs/CoverageLevel/enum",keyword:"enum",params:{allowedValues: schema60.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err200];
}
else {
vErrors.push(err200);
}
errors++;
}
}
if(data97.claims !== undefined){
let data99 = data97.claims;
if(typeof data99 !== "string"){
const err201 = {instancePath:instancePath+"/use_cases/coverage/claims",schemaPath:"#/$defs/CoverageLevel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err201];
}
else {
vErrors.push(err201);
}
errors++;
}
if(!(((data99 === "required") || (data99 === "advisory")) || (data99 === "off"))){
const err202 = {instancePath:instancePath+"/use_cases/coverage/claims",schemaPath:"#/$defs/CoverageLevel/enum",keyword:"enum",params:{allowedValues: schema60.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err202];
}
else {
vErrors.push(err202);
}
errors++;
}
}
if(data97.mcp_tools !== undefined){
let data100 = data97.mcp_tools;
if(typeof data100 !== "string"){
const err203 = {instancePath:instancePath+"/use_cases/coverage/mcp_tools",schemaPath:"#/$defs/CoverageLevel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err203];
}
else {
vErrors.push(err203);
}
errors++;
}
if(!(((data100 === "required") || (data100 === "advisory")) || (data100 === "off"))){
const err204 = {instancePath:instancePath+"/use_cases/coverage/mcp_tools",schemaPath:"#/$defs/CoverageLevel/enum",keyword:"enum",params:{allowedValues: schema60.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err204];
}
else {
vErrors.push(err204);
}
errors++;
}
}
}
else {
const err205 = {instancePath:instancePath+"/use_cases/coverage",schemaPath:"#/properties/use_cases/properties/coverage/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err205];
}
else {
vErrors.push(err205);
}
errors++;
}
}
if(data96.step_timeout_seconds !== undefined){
let data101 = data96.step_timeout_seconds;
if(!(((typeof data101 == "number") && (!(data101 % 1) && !isNaN(data101))) && (isFinite(data101)))){
const err206 = {instancePath:instancePath+"/use_cases/step_timeout_seconds",schemaPath:"#/properties/use_cases/properties/step_timeout_seconds/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err206];
}
else {
vErrors.push(err206);
}
errors++;
}
if((typeof data101 == "number") && (isFinite(data101))){
if(data101 > 3600 || isNaN(data101)){
const err207 = {instancePath:instancePath+"/use_cases/step_timeout_seconds",schemaPath:"#/properties/use_cases/properties/step_timeout_seconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 3600},message:"must be <= 3600"};
if(vErrors === null){
vErrors = [err207];
}
else {
vErrors.push(err207);
}
errors++;
}
if(data101 < 1 || isNaN(data101)){
const err208 = {instancePath:instancePath+"/use_cases/step_timeout_seconds",schemaPath:"#/properties/use_cases/properties/step_timeout_seconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err208];
}
else {
vErrors.push(err208);
}
errors++;
}
}
}
}
else {
const err209 = {instancePath:instancePath+"/use_cases",schemaPath:"#/properties/use_cases/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err209];
}
else {
vErrors.push(err209);
}
errors++;
}
}
if(data.repository_validators !== undefined){
let data102 = data.repository_validators;
if(data102 && typeof data102 == "object" && !Array.isArray(data102)){
for(const key22 in data102){
if(!((key22 === "timeout_seconds") || (key22 === "memory_mb"))){
const err210 = {instancePath:instancePath+"/repository_validators",schemaPath:"#/properties/repository_validators/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key22},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err210];
}
else {
vErrors.push(err210);
}
errors++;
}
}
if(data102.timeout_seconds !== undefined){
let data103 = data102.timeout_seconds;
if(!(((typeof data103 == "number") && (!(data103 % 1) && !isNaN(data103))) && (isFinite(data103)))){
const err211 = {instancePath:instancePath+"/repository_validators/timeout_seconds",schemaPath:"#/properties/repository_validators/properties/timeout_seconds/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err211];
}
else {
vErrors.push(err211);
}
errors++;
}
if((typeof data103 == "number") && (isFinite(data103))){
if(data103 > 3600 || isNaN(data103)){
const err212 = {instancePath:instancePath+"/repository_validators/timeout_seconds",schemaPath:"#/properties/repository_validators/properties/timeout_seconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 3600},message:"must be <= 3600"};
if(vErrors === null){
vErrors = [err212];
}
else {
vErrors.push(err212);
}
errors++;
}
if(data103 < 1 || isNaN(data103)){
const err213 = {instancePath:instancePath+"/repository_validators/timeout_seconds",schemaPath:"#/properties/repository_validators/properties/timeout_seconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err213];
}
else {
vErrors.push(err213);
}
errors++;
}
}
}
if(data102.memory_mb !== undefined){
let data104 = data102.memory_mb;
if(!(((typeof data104 == "number") && (!(data104 % 1) && !isNaN(data104))) && (isFinite(data104)))){
const err214 = {instancePath:instancePath+"/repository_validators/memory_mb",schemaPath:"#/properties/repository_validators/properties/memory_mb/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err214];
}
else {
vErrors.push(err214);
}
errors++;
}
if((typeof data104 == "number") && (isFinite(data104))){
if(data104 > 65536 || isNaN(data104)){
const err215 = {instancePath:instancePath+"/repository_validators/memory_mb",schemaPath:"#/properties/repository_validators/properties/memory_mb/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65536},message:"must be <= 65536"};
if(vErrors === null){
vErrors = [err215];
}
else {
vErrors.push(err215);
}
errors++;
}
if(data104 < 16 || isNaN(data104)){
const err216 = {instancePath:instancePath+"/repository_validators/memory_mb",schemaPath:"#/properties/repository_validators/properties/memory_mb/minimum",keyword:"minimum",params:{comparison: ">=", limit: 16},message:"must be >= 16"};
if(vErrors === null){
vErrors = [err216];
}
else {
vErrors.push(err216);
}
errors++;
}
}
}
}
else {
const err217 = {instancePath:instancePath+"/repository_validators",schemaPath:"#/properties/repository_validators/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err217];
}
else {
vErrors.push(err217);
}
errors++;
}
}
if(data.server !== undefined){
let data105 = data.server;
if(data105 && typeof data105 == "object" && !Array.isArray(data105)){
for(const key23 in data105){
if(!((((key23 === "probe_timeout_seconds") || (key23 === "bind_grace_seconds")) || (key23 === "join_timeout_seconds")) || (key23 === "busy_grace_seconds"))){
const err218 = {instancePath:instancePath+"/server",schemaPath:"#/properties/server/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key23},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err218];
}
else {
vErrors.push(err218);
}
errors++;
}
}
if(data105.probe_timeout_seconds !== undefined){
let data106 = data105.probe_timeout_seconds;
if(!(((typeof data106 == "number") && (!(data106 % 1) && !isNaN(data106))) && (isFinite(data106)))){
const err219 = {instancePath:instancePath+"/server/probe_timeout_seconds",schemaPath:"#/properties/server/properties/probe_timeout_seconds/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err219];
}
else {
vErrors.push(err219);
}
errors++;
}
if((typeof data106 == "number") && (isFinite(data106))){
if(data106 < 1 || isNaN(data106)){
const err220 = {instancePath:instancePath+"/server/probe_timeout_seconds",schemaPath:"#/properties/server/properties/probe_timeout_seconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err220];
}
else {
vErrors.push(err220);
}
errors++;
}
}
}
if(data105.bind_grace_seconds !== undefined){
let data107 = data105.bind_grace_seconds;
if(!(((typeof data107 == "number") && (!(data107 % 1) && !isNaN(data107))) && (isFinite(data107)))){
const err221 = {instancePath:instancePath+"/server/bind_grace_seconds",schemaPath:"#/properties/server/properties/bind_grace_seconds/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err221];
}
else {
vErrors.push(err221);
}
errors++;
}
if((typeof data107 == "number") && (isFinite(data107))){
if(data107 < 1 || isNaN(data107)){
const err222 = {instancePath:instancePath+"/server/bind_grace_seconds",schemaPath:"#/properties/server/properties/bind_grace_seconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err222];
}
else {
vErrors.push(err222);
}
errors++;
}
}
}
if(data105.join_timeout_seconds !== undefined){
let data108 = data105.join_timeout_seconds;
if(!(((typeof data108 == "number") && (!(data108 % 1) && !isNaN(data108))) && (isFinite(data108)))){
const err223 = {instancePath:instancePath+"/server/join_timeout_seconds",schemaPath:"#/properties/server/properties/join_timeout_seconds/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err223];
}
else {
vErrors.push(err223);
}
errors++;
}
if((typeof data108 == "number") && (isFinite(data108))){
if(data108 < 1 || isNaN(data108)){
const err224 = {instancePath:instancePath+"/server/join_timeout_seconds",schemaPath:"#/properties/server/properties/join_timeout_seconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err224];
}
else {
vErrors.push(err224);
}
errors++;
}
}
}
if(data105.busy_grace_seconds !== undefined){
let data109 = data105.busy_grace_seconds;
if(!(((typeof data109 == "number") && (!(data109 % 1) && !isNaN(data109))) && (isFinite(data109)))){
const err225 = {instancePath:instancePath+"/server/busy_grace_seconds",schemaPath:"#/properties/server/properties/busy_grace_seconds/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err225];
}
else {
vErrors.push(err225);
}
errors++;
}
if((typeof data109 == "number") && (isFinite(data109))){
if(data109 < 1 || isNaN(data109)){
const err226 = {instancePath:instancePath+"/server/busy_grace_seconds",schemaPath:"#/properties/server/properties/busy_grace_seconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err226];
}
else {
vErrors.push(err226);
}
errors++;
}
}
}
}
else {
const err227 = {instancePath:instancePath+"/server",schemaPath:"#/properties/server/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err227];
}
else {
vErrors.push(err227);
}
errors++;
}
}
if(data.capture !== undefined){
let data110 = data.capture;
if(data110 && typeof data110 == "object" && !Array.isArray(data110)){
for(const key24 in data110){
if(!(((key24 === "guard") || (key24 === "guard_unparsed")) || (key24 === "prompts"))){
const err228 = {instancePath:instancePath+"/capture",schemaPath:"#/properties/capture/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key24},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err228];
}
else {
vErrors.push(err228);
}
errors++;
}
}
if(data110.guard !== undefined){
if(typeof data110.guard !== "boolean"){
const err229 = {instancePath:instancePath+"/capture/guard",schemaPath:"#/properties/capture/properties/guard/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err229];
}
else {
vErrors.push(err229);
}
errors++;
}
}
if(data110.guard_unparsed !== undefined){
let data112 = data110.guard_unparsed;
if(typeof data112 !== "string"){
const err230 = {instancePath:instancePath+"/capture/guard_unparsed",schemaPath:"#/properties/capture/properties/guard_unparsed/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err230];
}
else {
vErrors.push(err230);
}
errors++;
}
if(!((data112 === "refuse") || (data112 === "allow"))){
const err231 = {instancePath:instancePath+"/capture/guard_unparsed",schemaPath:"#/properties/capture/properties/guard_unparsed/enum",keyword:"enum",params:{allowedValues: schema50.properties.capture.properties.guard_unparsed.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err231];
}
else {
vErrors.push(err231);
}
errors++;
}
}
if(data110.prompts !== undefined){
if(typeof data110.prompts !== "boolean"){
const err232 = {instancePath:instancePath+"/capture/prompts",schemaPath:"#/properties/capture/properties/prompts/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err232];
}
else {
vErrors.push(err232);
}
errors++;
}
}
}
else {
const err233 = {instancePath:instancePath+"/capture",schemaPath:"#/properties/capture/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err233];
}
else {
vErrors.push(err233);
}
errors++;
}
}
}
else {
const err234 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err234];
}
else {
vErrors.push(err234);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const profile = validate22;
const schema63 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/profile.v1.schema.json","type":"object","additionalProperties":false,"required":["name","description","capability","verbosity","presentation"],"properties":{"name":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"description":{"type":"string","minLength":1},"capability":{"type":"string","enum":["fast","standard","strong","strongest"]},"effort":{"type":"string","enum":["low","medium","high","xhigh","max"]},"effort_escalation":{"type":"object","additionalProperties":false,"required":["after_blocked_attempts","to"],"properties":{"after_blocked_attempts":{"type":"integer","minimum":1},"to":{"type":"string","enum":["low","medium","high","xhigh","max"]}}},"verbosity":{"type":"string","enum":["terse","concise","detailed"]},"presentation":{"type":"string","enum":["machine","engineering","summary"]},"reasoning":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"context":{"type":"object","additionalProperties":false,"properties":{"task":{"type":"boolean"},"current_state":{"type":"boolean"},"decisions":{"type":"boolean"},"relevant_files":{"type":"boolean"},"failing_output":{"type":"boolean"},"recent_history_depth":{"type":"integer","minimum":0},"architecture_notes":{"type":"boolean"},"knowledge":{"type":"boolean"},"knowledge_max_items":{"type":"integer","minimum":1}}},"verification":{"type":"object","additionalProperties":false,"properties":{"verify_command_required":{"enum":[true,false,"if_files_changed"]},"regression_test_required":{"type":"boolean"},"decision_record_required":{"type":"boolean"}}},"checkpoint_interval":{"$ref":"#/$defs/Duration"},"output_contract":{"type":"array","items":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_]*$"},"uniqueItems":true}},"$defs":{"Duration":{"type":"string","maxLength":16,"pattern":"^[1-9][0-9]*[smh]$"}}};
const schema64 = {"type":"string","maxLength":16,"pattern":"^[1-9][0-9]*[smh]$"};

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/profile.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.description === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "description"},message:"must have required property '"+"description"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.capability === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "capability"},message:"must have required property '"+"capability"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.verbosity === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "verbosity"},message:"must have required property '"+"verbosity"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.presentation === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "presentation"},message:"must have required property '"+"presentation"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema63.properties, key0))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if(func1(data0) > 64){
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(!pattern23.test(data0)){
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.description !== undefined){
let data1 = data.description;
if(typeof data1 === "string"){
if(func1(data1) < 1){
const err9 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.capability !== undefined){
let data2 = data.capability;
if(typeof data2 !== "string"){
const err11 = {instancePath:instancePath+"/capability",schemaPath:"#/properties/capability/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!((((data2 === "fast") || (data2 === "standard")) || (data2 === "strong")) || (data2 === "strongest"))){
const err12 = {instancePath:instancePath+"/capability",schemaPath:"#/properties/capability/enum",keyword:"enum",params:{allowedValues: schema63.properties.capability.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.effort !== undefined){
let data3 = data.effort;
if(typeof data3 !== "string"){
const err13 = {instancePath:instancePath+"/effort",schemaPath:"#/properties/effort/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!(((((data3 === "low") || (data3 === "medium")) || (data3 === "high")) || (data3 === "xhigh")) || (data3 === "max"))){
const err14 = {instancePath:instancePath+"/effort",schemaPath:"#/properties/effort/enum",keyword:"enum",params:{allowedValues: schema63.properties.effort.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.effort_escalation !== undefined){
let data4 = data.effort_escalation;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.after_blocked_attempts === undefined){
const err15 = {instancePath:instancePath+"/effort_escalation",schemaPath:"#/properties/effort_escalation/required",keyword:"required",params:{missingProperty: "after_blocked_attempts"},message:"must have required property '"+"after_blocked_attempts"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data4.to === undefined){
const err16 = {instancePath:instancePath+"/effort_escalation",schemaPath:"#/properties/effort_escalation/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
for(const key1 in data4){
if(!((key1 === "after_blocked_attempts") || (key1 === "to"))){
const err17 = {instancePath:instancePath+"/effort_escalation",schemaPath:"#/properties/effort_escalation/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data4.after_blocked_attempts !== undefined){
let data5 = data4.after_blocked_attempts;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err18 = {instancePath:instancePath+"/effort_escalation/after_blocked_attempts",schemaPath:"#/properties/effort_escalation/properties/after_blocked_attempts/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 1 || isNaN(data5)){
const err19 = {instancePath:instancePath+"/effort_escalation/after_blocked_attempts",schemaPath:"#/properties/effort_escalation/properties/after_blocked_attempts/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
if(data4.to !== undefined){
let data6 = data4.to;
if(typeof data6 !== "string"){
const err20 = {instancePath:instancePath+"/effort_escalation/to",schemaPath:"#/properties/effort_escalation/properties/to/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(!(((((data6 === "low") || (data6 === "medium")) || (data6 === "high")) || (data6 === "xhigh")) || (data6 === "max"))){
const err21 = {instancePath:instancePath+"/effort_escalation/to",schemaPath:"#/properties/effort_escalation/properties/to/enum",keyword:"enum",params:{allowedValues: schema63.properties.effort_escalation.properties.to.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/effort_escalation",schemaPath:"#/properties/effort_escalation/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.verbosity !== undefined){
let data7 = data.verbosity;
if(typeof data7 !== "string"){
const err23 = {instancePath:instancePath+"/verbosity",schemaPath:"#/properties/verbosity/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(!(((data7 === "terse") || (data7 === "concise")) || (data7 === "detailed"))){
const err24 = {instancePath:instancePath+"/verbosity",schemaPath:"#/properties/verbosity/enum",keyword:"enum",params:{allowedValues: schema63.properties.verbosity.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.presentation !== undefined){
let data8 = data.presentation;
if(typeof data8 !== "string"){
const err25 = {instancePath:instancePath+"/presentation",schemaPath:"#/properties/presentation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(!(((data8 === "machine") || (data8 === "engineering")) || (data8 === "summary"))){
const err26 = {instancePath:instancePath+"/presentation",schemaPath:"#/properties/presentation/enum",keyword:"enum",params:{allowedValues: schema63.properties.presentation.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.reasoning !== undefined){
let data9 = data.reasoning;
if(typeof data9 === "string"){
if(func1(data9) > 64){
const err27 = {instancePath:instancePath+"/reasoning",schemaPath:"#/properties/reasoning/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(!pattern23.test(data9)){
const err28 = {instancePath:instancePath+"/reasoning",schemaPath:"#/properties/reasoning/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/reasoning",schemaPath:"#/properties/reasoning/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.context !== undefined){
let data10 = data.context;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
for(const key2 in data10){
if(!(func3.call(schema63.properties.context.properties, key2))){
const err30 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data10.task !== undefined){
if(typeof data10.task !== "boolean"){
const err31 = {instancePath:instancePath+"/context/task",schemaPath:"#/properties/context/properties/task/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data10.current_state !== undefined){
if(typeof data10.current_state !== "boolean"){
const err32 = {instancePath:instancePath+"/context/current_state",schemaPath:"#/properties/context/properties/current_state/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data10.decisions !== undefined){
if(typeof data10.decisions !== "boolean"){
const err33 = {instancePath:instancePath+"/context/decisions",schemaPath:"#/properties/context/properties/decisions/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data10.relevant_files !== undefined){
if(typeof data10.relevant_files !== "boolean"){
const err34 = {instancePath:instancePath+"/context/relevant_files",schemaPath:"#/properties/context/properties/relevant_files/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data10.failing_output !== undefined){
if(typeof data10.failing_output !== "boolean"){
const err35 = {instancePath:instancePath+"/context/failing_output",schemaPath:"#/properties/context/properties/failing_output/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data10.recent_history_depth !== undefined){
let data16 = data10.recent_history_depth;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err36 = {instancePath:instancePath+"/context/recent_history_depth",schemaPath:"#/properties/context/properties/recent_history_depth/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
const err37 = {instancePath:instancePath+"/context/recent_history_depth",schemaPath:"#/properties/context/properties/recent_history_depth/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
if(data10.architecture_notes !== undefined){
if(typeof data10.architecture_notes !== "boolean"){
const err38 = {instancePath:instancePath+"/context/architecture_notes",schemaPath:"#/properties/context/properties/architecture_notes/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data10.knowledge !== undefined){
if(typeof data10.knowledge !== "boolean"){
const err39 = {instancePath:instancePath+"/context/knowledge",schemaPath:"#/properties/context/properties/knowledge/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data10.knowledge_max_items !== undefined){
let data19 = data10.knowledge_max_items;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err40 = {instancePath:instancePath+"/context/knowledge_max_items",schemaPath:"#/properties/context/properties/knowledge_max_items/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 < 1 || isNaN(data19)){
const err41 = {instancePath:instancePath+"/context/knowledge_max_items",schemaPath:"#/properties/context/properties/knowledge_max_items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
}
else {
const err42 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.verification !== undefined){
let data20 = data.verification;
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
for(const key3 in data20){
if(!(((key3 === "verify_command_required") || (key3 === "regression_test_required")) || (key3 === "decision_record_required"))){
const err43 = {instancePath:instancePath+"/verification",schemaPath:"#/properties/verification/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data20.verify_command_required !== undefined){
let data21 = data20.verify_command_required;
if(!(((data21 === true) || (data21 === false)) || (data21 === "if_files_changed"))){
const err44 = {instancePath:instancePath+"/verification/verify_command_required",schemaPath:"#/properties/verification/properties/verify_command_required/enum",keyword:"enum",params:{allowedValues: schema63.properties.verification.properties.verify_command_required.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data20.regression_test_required !== undefined){
if(typeof data20.regression_test_required !== "boolean"){
const err45 = {instancePath:instancePath+"/verification/regression_test_required",schemaPath:"#/properties/verification/properties/regression_test_required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data20.decision_record_required !== undefined){
if(typeof data20.decision_record_required !== "boolean"){
const err46 = {instancePath:instancePath+"/verification/decision_record_required",schemaPath:"#/properties/verification/properties/decision_record_required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath:instancePath+"/verification",schemaPath:"#/properties/verification/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data.checkpoint_interval !== undefined){
let data24 = data.checkpoint_interval;
if(typeof data24 === "string"){
if(func1(data24) > 16){
const err48 = {instancePath:instancePath+"/checkpoint_interval",schemaPath:"#/$defs/Duration/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(!pattern25.test(data24)){
const err49 = {instancePath:instancePath+"/checkpoint_interval",schemaPath:"#/$defs/Duration/pattern",keyword:"pattern",params:{pattern: "^[1-9][0-9]*[smh]$"},message:"must match pattern \""+"^[1-9][0-9]*[smh]$"+"\""};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
else {
const err50 = {instancePath:instancePath+"/checkpoint_interval",schemaPath:"#/$defs/Duration/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.output_contract !== undefined){
let data25 = data.output_contract;
if(Array.isArray(data25)){
const len0 = data25.length;
for(let i0=0; i0<len0; i0++){
let data26 = data25[i0];
if(typeof data26 === "string"){
if(func1(data26) > 64){
const err51 = {instancePath:instancePath+"/output_contract/" + i0,schemaPath:"#/properties/output_contract/items/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if(!pattern26.test(data26)){
const err52 = {instancePath:instancePath+"/output_contract/" + i0,schemaPath:"#/properties/output_contract/items/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*$"+"\""};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
else {
const err53 = {instancePath:instancePath+"/output_contract/" + i0,schemaPath:"#/properties/output_contract/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
let i1 = data25.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data25[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err54 = {instancePath:instancePath+"/output_contract",schemaPath:"#/properties/output_contract/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err55 = {instancePath:instancePath+"/output_contract",schemaPath:"#/properties/output_contract/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
else {
const err56 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
validate22.errors = vErrors;
return errors === 0;
}
validate22.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const scope = validate23;
const schema65 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/scope.v1.schema.json","type":"object","additionalProperties":false,"required":["version","in"],"properties":{"version":{"const":1},"in":{"type":"array","items":{"$ref":"#/$defs/Pathspec"}},"out":{"type":"object","additionalProperties":false,"properties":{"paths":{"type":"array","items":{"$ref":"#/$defs/Pathspec"}},"binary":{"type":"boolean"},"max_bytes":{"type":"integer","minimum":1},"archive":{"$ref":"#/$defs/Category"},"image":{"$ref":"#/$defs/Category"},"video":{"$ref":"#/$defs/Category"},"pdf":{"$ref":"#/$defs/Category"},"database_dump":{"$ref":"#/$defs/Category"},"generated":{"$ref":"#/$defs/Category"},"secret":{"$ref":"#/$defs/Category"},"fixtures":{"$ref":"#/$defs/FixturesCategory"}}}},"$defs":{"Pathspec":{"type":"string","maxLength":1024,"pattern":"^(?!/)(?!:\\()(?!.*(^|/)\\.\\.(/|$)).+$"},"FileName":{"type":"string","maxLength":255,"pattern":"^[^/]+$"},"Category":{"type":"object","additionalProperties":false,"properties":{"paths":{"type":"array","items":{"$ref":"#/$defs/Pathspec"}},"names":{"type":"array","items":{"$ref":"#/$defs/FileName"}}}},"FixturesCategory":{"type":"object","additionalProperties":false,"properties":{"paths":{"type":"array","items":{"$ref":"#/$defs/Pathspec"}},"names":{"type":"array","items":{"$ref":"#/$defs/FileName"}},"max_bytes":{"type":"integer","minimum":1}}}}};
const schema66 = {"type":"string","maxLength":1024,"pattern":"^(?!/)(?!:\\()(?!.*(^|/)\\.\\.(/|$)).+$"};
const pattern37 = new RegExp("^(?!/)(?!:\\()(?!.*(^|/)\\.\\.(/|$)).+$", "u");
const schema68 = {"type":"object","additionalProperties":false,"properties":{"paths":{"type":"array","items":{"$ref":"#/$defs/Pathspec"}},"names":{"type":"array","items":{"$ref":"#/$defs/FileName"}}}};
const schema70 = {"type":"string","maxLength":255,"pattern":"^[^/]+$"};
const pattern40 = new RegExp("^[^/]+$", "u");

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((key0 === "paths") || (key0 === "names"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.paths !== undefined){
let data0 = data.paths;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(typeof data1 === "string"){
if(func1(data1) > 1024){
const err1 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/$defs/Pathspec/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(!pattern37.test(data1)){
const err2 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/$defs/Pathspec/pattern",keyword:"pattern",params:{pattern: "^(?!/)(?!:\\()(?!.*(^|/)\\.\\.(/|$)).+$"},message:"must match pattern \""+"^(?!/)(?!:\\()(?!.*(^|/)\\.\\.(/|$)).+$"+"\""};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/$defs/Pathspec/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath:instancePath+"/paths",schemaPath:"#/properties/paths/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.names !== undefined){
let data2 = data.names;
if(Array.isArray(data2)){
const len1 = data2.length;
for(let i1=0; i1<len1; i1++){
let data3 = data2[i1];
if(typeof data3 === "string"){
if(func1(data3) > 255){
const err5 = {instancePath:instancePath+"/names/" + i1,schemaPath:"#/$defs/FileName/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!pattern40.test(data3)){
const err6 = {instancePath:instancePath+"/names/" + i1,schemaPath:"#/$defs/FileName/pattern",keyword:"pattern",params:{pattern: "^[^/]+$"},message:"must match pattern \""+"^[^/]+$"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/names/" + i1,schemaPath:"#/$defs/FileName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/names",schemaPath:"#/properties/names/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema71 = {"type":"object","additionalProperties":false,"properties":{"paths":{"type":"array","items":{"$ref":"#/$defs/Pathspec"}},"names":{"type":"array","items":{"$ref":"#/$defs/FileName"}},"max_bytes":{"type":"integer","minimum":1}}};

function validate32(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate32.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(((key0 === "paths") || (key0 === "names")) || (key0 === "max_bytes"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.paths !== undefined){
let data0 = data.paths;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(typeof data1 === "string"){
if(func1(data1) > 1024){
const err1 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/$defs/Pathspec/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(!pattern37.test(data1)){
const err2 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/$defs/Pathspec/pattern",keyword:"pattern",params:{pattern: "^(?!/)(?!:\\()(?!.*(^|/)\\.\\.(/|$)).+$"},message:"must match pattern \""+"^(?!/)(?!:\\()(?!.*(^|/)\\.\\.(/|$)).+$"+"\""};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/$defs/Pathspec/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath:instancePath+"/paths",schemaPath:"#/properties/paths/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.names !== undefined){
let data2 = data.names;
if(Array.isArray(data2)){
const len1 = data2.length;
for(let i1=0; i1<len1; i1++){
let data3 = data2[i1];
if(typeof data3 === "string"){
if(func1(data3) > 255){
const err5 = {instancePath:instancePath+"/names/" + i1,schemaPath:"#/$defs/FileName/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!pattern40.test(data3)){
const err6 = {instancePath:instancePath+"/names/" + i1,schemaPath:"#/$defs/FileName/pattern",keyword:"pattern",params:{pattern: "^[^/]+$"},message:"must match pattern \""+"^[^/]+$"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/names/" + i1,schemaPath:"#/$defs/FileName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/names",schemaPath:"#/properties/names/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.max_bytes !== undefined){
let data4 = data.max_bytes;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err9 = {instancePath:instancePath+"/max_bytes",schemaPath:"#/properties/max_bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 1 || isNaN(data4)){
const err10 = {instancePath:instancePath+"/max_bytes",schemaPath:"#/properties/max_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
}
else {
const err11 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
validate32.errors = vErrors;
return errors === 0;
}
validate32.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/scope.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.in === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "in"},message:"must have required property '"+"in"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "version") || (key0 === "in")) || (key0 === "out"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.version !== undefined){
if(1 !== data.version){
const err3 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.in !== undefined){
let data1 = data.in;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(typeof data2 === "string"){
if(func1(data2) > 1024){
const err4 = {instancePath:instancePath+"/in/" + i0,schemaPath:"#/$defs/Pathspec/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!pattern37.test(data2)){
const err5 = {instancePath:instancePath+"/in/" + i0,schemaPath:"#/$defs/Pathspec/pattern",keyword:"pattern",params:{pattern: "^(?!/)(?!:\\()(?!.*(^|/)\\.\\.(/|$)).+$"},message:"must match pattern \""+"^(?!/)(?!:\\()(?!.*(^|/)\\.\\.(/|$)).+$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/in/" + i0,schemaPath:"#/$defs/Pathspec/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath:instancePath+"/in",schemaPath:"#/properties/in/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.out !== undefined){
let data3 = data.out;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
for(const key1 in data3){
if(!(func3.call(schema65.properties.out.properties, key1))){
const err8 = {instancePath:instancePath+"/out",schemaPath:"#/properties/out/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data3.paths !== undefined){
let data4 = data3.paths;
if(Array.isArray(data4)){
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
let data5 = data4[i1];
if(typeof data5 === "string"){
if(func1(data5) > 1024){
const err9 = {instancePath:instancePath+"/out/paths/" + i1,schemaPath:"#/$defs/Pathspec/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!pattern37.test(data5)){
const err10 = {instancePath:instancePath+"/out/paths/" + i1,schemaPath:"#/$defs/Pathspec/pattern",keyword:"pattern",params:{pattern: "^(?!/)(?!:\\()(?!.*(^|/)\\.\\.(/|$)).+$"},message:"must match pattern \""+"^(?!/)(?!:\\()(?!.*(^|/)\\.\\.(/|$)).+$"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/out/paths/" + i1,schemaPath:"#/$defs/Pathspec/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath:instancePath+"/out/paths",schemaPath:"#/properties/out/properties/paths/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data3.binary !== undefined){
if(typeof data3.binary !== "boolean"){
const err13 = {instancePath:instancePath+"/out/binary",schemaPath:"#/properties/out/properties/binary/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data3.max_bytes !== undefined){
let data7 = data3.max_bytes;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err14 = {instancePath:instancePath+"/out/max_bytes",schemaPath:"#/properties/out/properties/max_bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 1 || isNaN(data7)){
const err15 = {instancePath:instancePath+"/out/max_bytes",schemaPath:"#/properties/out/properties/max_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data3.archive !== undefined){
if(!(validate24(data3.archive, {instancePath:instancePath+"/out/archive",parentData:data3,parentDataProperty:"archive",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
if(data3.image !== undefined){
if(!(validate24(data3.image, {instancePath:instancePath+"/out/image",parentData:data3,parentDataProperty:"image",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
if(data3.video !== undefined){
if(!(validate24(data3.video, {instancePath:instancePath+"/out/video",parentData:data3,parentDataProperty:"video",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
if(data3.pdf !== undefined){
if(!(validate24(data3.pdf, {instancePath:instancePath+"/out/pdf",parentData:data3,parentDataProperty:"pdf",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
if(data3.database_dump !== undefined){
if(!(validate24(data3.database_dump, {instancePath:instancePath+"/out/database_dump",parentData:data3,parentDataProperty:"database_dump",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
if(data3.generated !== undefined){
if(!(validate24(data3.generated, {instancePath:instancePath+"/out/generated",parentData:data3,parentDataProperty:"generated",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
if(data3.secret !== undefined){
if(!(validate24(data3.secret, {instancePath:instancePath+"/out/secret",parentData:data3,parentDataProperty:"secret",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
if(data3.fixtures !== undefined){
if(!(validate32(data3.fixtures, {instancePath:instancePath+"/out/fixtures",parentData:data3,parentDataProperty:"fixtures",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate32.errors : vErrors.concat(validate32.errors);
errors = vErrors.length;
}
}
}
else {
const err16 = {instancePath:instancePath+"/out",schemaPath:"#/properties/out/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}
validate23.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const rule = validate34;
const schema74 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/rule.v1.schema.json","type":"object","additionalProperties":false,"required":["id","version","kind","title","description","statement","status","class"],"properties":{"id":{"type":"string","maxLength":128,"pattern":"^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*$"},"version":{"type":"integer","minimum":1,"maximum":2147483647},"kind":{"const":"rule"},"title":{"type":"string","minLength":1},"description":{"type":"string","minLength":1},"statement":{"type":"string","minLength":1},"status":{"type":"string","enum":["active","deprecated"]},"class":{"type":"string","enum":["blocking","advisory"]},"depends_on":{"type":"array","items":{"type":"string","maxLength":160,"pattern":"^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*@[1-9][0-9]*$"},"uniqueItems":true},"tags":{"type":"array","items":{"type":"string","minLength":1,"maxLength":64}},"x-majordomus":{"$ref":"#/$defs/Enforcement"}},"$defs":{"Enforcement":{"type":"object","additionalProperties":false,"properties":{"validator":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_]*$"},"category":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_-]*$"},"enforced_by":{"type":"array","items":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_-]*$"},"minItems":1,"uniqueItems":true},"policy_key":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_]*$"},"exit_code":{"type":"integer","minimum":0,"maximum":125},"claims":{"type":"array","items":{"type":"string","minLength":1,"maxLength":128}},"tests":{"type":"array","items":{"type":"string","maxLength":512,"pattern":"^(?!/)\\S+$"}},"options":{"type":"object"},"reviewed_because":{"type":"string","minLength":1}},"dependentRequired":{"validator":["category","exit_code","enforced_by","tests"],"category":["validator"],"enforced_by":["validator"],"policy_key":["validator"],"exit_code":["validator"],"options":["validator"]}}}};
const schema75 = {"type":"object","additionalProperties":false,"properties":{"validator":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_]*$"},"category":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_-]*$"},"enforced_by":{"type":"array","items":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_-]*$"},"minItems":1,"uniqueItems":true},"policy_key":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_]*$"},"exit_code":{"type":"integer","minimum":0,"maximum":125},"claims":{"type":"array","items":{"type":"string","minLength":1,"maxLength":128}},"tests":{"type":"array","items":{"type":"string","maxLength":512,"pattern":"^(?!/)\\S+$"}},"options":{"type":"object"},"reviewed_because":{"type":"string","minLength":1}},"dependentRequired":{"validator":["category","exit_code","enforced_by","tests"],"category":["validator"],"enforced_by":["validator"],"policy_key":["validator"],"exit_code":["validator"],"options":["validator"]}};
const pattern43 = new RegExp("^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*$", "u");
const pattern44 = new RegExp("^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*@[1-9][0-9]*$", "u");
const pattern46 = new RegExp("^[a-z][a-z0-9_-]*$", "u");
const pattern49 = new RegExp("^(?!/)\\S+$", "u");

function validate34(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/rule.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate34.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.version === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.kind === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.title === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.description === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "description"},message:"must have required property '"+"description"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.statement === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "statement"},message:"must have required property '"+"statement"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.status === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.class === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "class"},message:"must have required property '"+"class"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema74.properties, key0))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(func1(data0) > 128){
const err9 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 128},message:"must NOT have more than 128 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!pattern43.test(data0)){
const err10 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*$"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.version !== undefined){
let data1 = data.version;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err12 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 2147483647 || isNaN(data1)){
const err13 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647},message:"must be <= 2147483647"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err14 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.kind !== undefined){
if("rule" !== data.kind){
const err15 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "rule"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.title !== undefined){
let data3 = data.title;
if(typeof data3 === "string"){
if(func1(data3) < 1){
const err16 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.description !== undefined){
let data4 = data.description;
if(typeof data4 === "string"){
if(func1(data4) < 1){
const err18 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.statement !== undefined){
let data5 = data.statement;
if(typeof data5 === "string"){
if(func1(data5) < 1){
const err20 = {instancePath:instancePath+"/statement",schemaPath:"#/properties/statement/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/statement",schemaPath:"#/properties/statement/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.status !== undefined){
let data6 = data.status;
if(typeof data6 !== "string"){
const err22 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(!((data6 === "active") || (data6 === "deprecated"))){
const err23 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema74.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.class !== undefined){
let data7 = data.class;
if(typeof data7 !== "string"){
const err24 = {instancePath:instancePath+"/class",schemaPath:"#/properties/class/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(!((data7 === "blocking") || (data7 === "advisory"))){
const err25 = {instancePath:instancePath+"/class",schemaPath:"#/properties/class/enum",keyword:"enum",params:{allowedValues: schema74.properties.class.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.depends_on !== undefined){
let data8 = data.depends_on;
if(Array.isArray(data8)){
const len0 = data8.length;
for(let i0=0; i0<len0; i0++){
let data9 = data8[i0];
if(typeof data9 === "string"){
if(func1(data9) > 160){
const err26 = {instancePath:instancePath+"/depends_on/" + i0,schemaPath:"#/properties/depends_on/items/maxLength",keyword:"maxLength",params:{limit: 160},message:"must NOT have more than 160 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(!pattern44.test(data9)){
const err27 = {instancePath:instancePath+"/depends_on/" + i0,schemaPath:"#/properties/depends_on/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*@[1-9][0-9]*$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*@[1-9][0-9]*$"+"\""};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/depends_on/" + i0,schemaPath:"#/properties/depends_on/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
let i1 = data8.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data8[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err29 = {instancePath:instancePath+"/depends_on",schemaPath:"#/properties/depends_on/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err30 = {instancePath:instancePath+"/depends_on",schemaPath:"#/properties/depends_on/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.tags !== undefined){
let data10 = data.tags;
if(Array.isArray(data10)){
const len1 = data10.length;
for(let i2=0; i2<len1; i2++){
let data11 = data10[i2];
if(typeof data11 === "string"){
if(func1(data11) > 64){
const err31 = {instancePath:instancePath+"/tags/" + i2,schemaPath:"#/properties/tags/items/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(func1(data11) < 1){
const err32 = {instancePath:instancePath+"/tags/" + i2,schemaPath:"#/properties/tags/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/tags/" + i2,schemaPath:"#/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/tags",schemaPath:"#/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data["x-majordomus"] !== undefined){
let data12 = data["x-majordomus"];
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
for(const key1 in data12){
if(!(func3.call(schema75.properties, key1))){
const err35 = {instancePath:instancePath+"/x-majordomus",schemaPath:"#/$defs/Enforcement/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data12.validator !== undefined){
let data13 = data12.validator;
if(typeof data13 === "string"){
if(func1(data13) > 64){
const err36 = {instancePath:instancePath+"/x-majordomus/validator",schemaPath:"#/$defs/Enforcement/properties/validator/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(!pattern26.test(data13)){
const err37 = {instancePath:instancePath+"/x-majordomus/validator",schemaPath:"#/$defs/Enforcement/properties/validator/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*$"+"\""};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/x-majordomus/validator",schemaPath:"#/$defs/Enforcement/properties/validator/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data12.category !== undefined){
let data14 = data12.category;
if(typeof data14 === "string"){
if(func1(data14) > 64){
const err39 = {instancePath:instancePath+"/x-majordomus/category",schemaPath:"#/$defs/Enforcement/properties/category/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(!pattern46.test(data14)){
const err40 = {instancePath:instancePath+"/x-majordomus/category",schemaPath:"#/$defs/Enforcement/properties/category/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_-]*$"+"\""};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/x-majordomus/category",schemaPath:"#/$defs/Enforcement/properties/category/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data12.enforced_by !== undefined){
let data15 = data12.enforced_by;
if(Array.isArray(data15)){
if(data15.length < 1){
const err42 = {instancePath:instancePath+"/x-majordomus/enforced_by",schemaPath:"#/$defs/Enforcement/properties/enforced_by/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
const len2 = data15.length;
for(let i3=0; i3<len2; i3++){
let data16 = data15[i3];
if(typeof data16 === "string"){
if(func1(data16) > 64){
const err43 = {instancePath:instancePath+"/x-majordomus/enforced_by/" + i3,schemaPath:"#/$defs/Enforcement/properties/enforced_by/items/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(!pattern46.test(data16)){
const err44 = {instancePath:instancePath+"/x-majordomus/enforced_by/" + i3,schemaPath:"#/$defs/Enforcement/properties/enforced_by/items/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_-]*$"+"\""};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
else {
const err45 = {instancePath:instancePath+"/x-majordomus/enforced_by/" + i3,schemaPath:"#/$defs/Enforcement/properties/enforced_by/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
let i4 = data15.length;
let j1;
if(i4 > 1){
const indices1 = {};
for(;i4--;){
let item1 = data15[i4];
if(typeof item1 !== "string"){
continue;
}
if(typeof indices1[item1] == "number"){
j1 = indices1[item1];
const err46 = {instancePath:instancePath+"/x-majordomus/enforced_by",schemaPath:"#/$defs/Enforcement/properties/enforced_by/uniqueItems",keyword:"uniqueItems",params:{i: i4, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i4+" are identical)"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
break;
}
indices1[item1] = i4;
}
}
}
else {
const err47 = {instancePath:instancePath+"/x-majordomus/enforced_by",schemaPath:"#/$defs/Enforcement/properties/enforced_by/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data12.policy_key !== undefined){
let data17 = data12.policy_key;
if(typeof data17 === "string"){
if(func1(data17) > 64){
const err48 = {instancePath:instancePath+"/x-majordomus/policy_key",schemaPath:"#/$defs/Enforcement/properties/policy_key/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(!pattern26.test(data17)){
const err49 = {instancePath:instancePath+"/x-majordomus/policy_key",schemaPath:"#/$defs/Enforcement/properties/policy_key/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*$"+"\""};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
else {
const err50 = {instancePath:instancePath+"/x-majordomus/policy_key",schemaPath:"#/$defs/Enforcement/properties/policy_key/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data12.exit_code !== undefined){
let data18 = data12.exit_code;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err51 = {instancePath:instancePath+"/x-majordomus/exit_code",schemaPath:"#/$defs/Enforcement/properties/exit_code/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 > 125 || isNaN(data18)){
const err52 = {instancePath:instancePath+"/x-majordomus/exit_code",schemaPath:"#/$defs/Enforcement/properties/exit_code/maximum",keyword:"maximum",params:{comparison: "<=", limit: 125},message:"must be <= 125"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(data18 < 0 || isNaN(data18)){
const err53 = {instancePath:instancePath+"/x-majordomus/exit_code",schemaPath:"#/$defs/Enforcement/properties/exit_code/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
if(data12.claims !== undefined){
let data19 = data12.claims;
if(Array.isArray(data19)){
const len3 = data19.length;
for(let i5=0; i5<len3; i5++){
let data20 = data19[i5];
if(typeof data20 === "string"){
if(func1(data20) > 128){
const err54 = {instancePath:instancePath+"/x-majordomus/claims/" + i5,schemaPath:"#/$defs/Enforcement/properties/claims/items/maxLength",keyword:"maxLength",params:{limit: 128},message:"must NOT have more than 128 characters"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(func1(data20) < 1){
const err55 = {instancePath:instancePath+"/x-majordomus/claims/" + i5,schemaPath:"#/$defs/Enforcement/properties/claims/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/x-majordomus/claims/" + i5,schemaPath:"#/$defs/Enforcement/properties/claims/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
}
else {
const err57 = {instancePath:instancePath+"/x-majordomus/claims",schemaPath:"#/$defs/Enforcement/properties/claims/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data12.tests !== undefined){
let data21 = data12.tests;
if(Array.isArray(data21)){
const len4 = data21.length;
for(let i6=0; i6<len4; i6++){
let data22 = data21[i6];
if(typeof data22 === "string"){
if(func1(data22) > 512){
const err58 = {instancePath:instancePath+"/x-majordomus/tests/" + i6,schemaPath:"#/$defs/Enforcement/properties/tests/items/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if(!pattern49.test(data22)){
const err59 = {instancePath:instancePath+"/x-majordomus/tests/" + i6,schemaPath:"#/$defs/Enforcement/properties/tests/items/pattern",keyword:"pattern",params:{pattern: "^(?!/)\\S+$"},message:"must match pattern \""+"^(?!/)\\S+$"+"\""};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
else {
const err60 = {instancePath:instancePath+"/x-majordomus/tests/" + i6,schemaPath:"#/$defs/Enforcement/properties/tests/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
else {
const err61 = {instancePath:instancePath+"/x-majordomus/tests",schemaPath:"#/$defs/Enforcement/properties/tests/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data12.options !== undefined){
let data23 = data12.options;
if(!(data23 && typeof data23 == "object" && !Array.isArray(data23))){
const err62 = {instancePath:instancePath+"/x-majordomus/options",schemaPath:"#/$defs/Enforcement/properties/options/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data12.reviewed_because !== undefined){
let data24 = data12.reviewed_because;
if(typeof data24 === "string"){
if(func1(data24) < 1){
const err63 = {instancePath:instancePath+"/x-majordomus/reviewed_because",schemaPath:"#/$defs/Enforcement/properties/reviewed_because/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
else {
const err64 = {instancePath:instancePath+"/x-majordomus/reviewed_because",schemaPath:"#/$defs/Enforcement/properties/reviewed_because/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data12.validator !== undefined){
if(data12.category === undefined){
const err65 = {instancePath:instancePath+"/x-majordomus",schemaPath:"#/$defs/Enforcement/dependentRequired",keyword:"dependentRequired",params:{property: "validator",
    missingProperty: "category",
    depsCount: 4,
    deps: "category, exit_code, enforced_by, tests"},message:"must have properties category, exit_code, enforced_by, tests when property validator is present"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if(data12.exit_code === undefined){
const err66 = {instancePath:instancePath+"/x-majordomus",schemaPath:"#/$defs/Enforcement/dependentRequired",keyword:"dependentRequired",params:{property: "validator",
    missingProperty: "exit_code",
    depsCount: 4,
    deps: "category, exit_code, enforced_by, tests"},message:"must have properties category, exit_code, enforced_by, tests when property validator is present"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
if(data12.enforced_by === undefined){
const err67 = {instancePath:instancePath+"/x-majordomus",schemaPath:"#/$defs/Enforcement/dependentRequired",keyword:"dependentRequired",params:{property: "validator",
    missingProperty: "enforced_by",
    depsCount: 4,
    deps: "category, exit_code, enforced_by, tests"},message:"must have properties category, exit_code, enforced_by, tests when property validator is present"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if(data12.tests === undefined){
const err68 = {instancePath:instancePath+"/x-majordomus",schemaPath:"#/$defs/Enforcement/dependentRequired",keyword:"dependentRequired",params:{property: "validator",
    missingProperty: "tests",
    depsCount: 4,
    deps: "category, exit_code, enforced_by, tests"},message:"must have properties category, exit_code, enforced_by, tests when property validator is present"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
if(data12.category !== undefined){
if(data12.validator === undefined){
const err69 = {instancePath:instancePath+"/x-majordomus",schemaPath:"#/$defs/Enforcement/dependentRequired",keyword:"dependentRequired",params:{property: "category",
    missingProperty: "validator",
    depsCount: 1,
    deps: "validator"},message:"must have property validator when property category is present"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data12.enforced_by !== undefined){
if(data12.validator === undefined){
const err70 = {instancePath:instancePath+"/x-majordomus",schemaPath:"#/$defs/Enforcement/dependentRequired",keyword:"dependentRequired",params:{property: "enforced_by",
    missingProperty: "validator",
    depsCount: 1,
    deps: "validator"},message:"must have property validator when property enforced_by is present"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data12.policy_key !== undefined){
if(data12.validator === undefined){
const err71 = {instancePath:instancePath+"/x-majordomus",schemaPath:"#/$defs/Enforcement/dependentRequired",keyword:"dependentRequired",params:{property: "policy_key",
    missingProperty: "validator",
    depsCount: 1,
    deps: "validator"},message:"must have property validator when property policy_key is present"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data12.exit_code !== undefined){
if(data12.validator === undefined){
const err72 = {instancePath:instancePath+"/x-majordomus",schemaPath:"#/$defs/Enforcement/dependentRequired",keyword:"dependentRequired",params:{property: "exit_code",
    missingProperty: "validator",
    depsCount: 1,
    deps: "validator"},message:"must have property validator when property exit_code is present"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
if(data12.options !== undefined){
if(data12.validator === undefined){
const err73 = {instancePath:instancePath+"/x-majordomus",schemaPath:"#/$defs/Enforcement/dependentRequired",keyword:"dependentRequired",params:{property: "options",
    missingProperty: "validator",
    depsCount: 1,
    deps: "validator"},message:"must have property validator when property options is present"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
}
else {
const err74 = {instancePath:instancePath+"/x-majordomus",schemaPath:"#/$defs/Enforcement/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
}
else {
const err75 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
validate34.errors = vErrors;
return errors === 0;
}
validate34.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const rulePackage = validate35;
const schema76 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/rule-package.v1.schema.json","type":"object","additionalProperties":false,"required":["vendor","package","version","format","source_revision","rules"],"properties":{"vendor":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"package":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"version":{"type":"integer","minimum":1},"format":{"const":"ai-rules/v1"},"source_revision":{"type":"string","maxLength":64,"pattern":"^[0-9A-Za-z][0-9A-Za-z.+-]*$"},"rules":{"type":"array","items":{"$ref":"#/$defs/Entry"}}},"$defs":{"Entry":{"type":"object","additionalProperties":false,"required":["id","version","file","sha256"],"properties":{"id":{"type":"string","maxLength":128,"pattern":"^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*$"},"version":{"type":"integer","minimum":1},"file":{"type":"string","maxLength":256,"pattern":"^rules/[A-Za-z0-9][A-Za-z0-9._-]*\\.md$"},"sha256":{"type":"string","maxLength":64,"pattern":"^[0-9a-f]{64}$"}}}}};
const schema77 = {"type":"object","additionalProperties":false,"required":["id","version","file","sha256"],"properties":{"id":{"type":"string","maxLength":128,"pattern":"^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*$"},"version":{"type":"integer","minimum":1},"file":{"type":"string","maxLength":256,"pattern":"^rules/[A-Za-z0-9][A-Za-z0-9._-]*\\.md$"},"sha256":{"type":"string","maxLength":64,"pattern":"^[0-9a-f]{64}$"}}};
const pattern52 = new RegExp("^[0-9A-Za-z][0-9A-Za-z.+-]*$", "u");
const pattern54 = new RegExp("^rules/[A-Za-z0-9][A-Za-z0-9._-]*\\.md$", "u");
const pattern55 = new RegExp("^[0-9a-f]{64}$", "u");

function validate35(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/rule-package.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate35.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.vendor === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "vendor"},message:"must have required property '"+"vendor"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.package === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "package"},message:"must have required property '"+"package"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.version === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.format === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "format"},message:"must have required property '"+"format"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.source_revision === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "source_revision"},message:"must have required property '"+"source_revision"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.rules === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "rules"},message:"must have required property '"+"rules"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "vendor") || (key0 === "package")) || (key0 === "version")) || (key0 === "format")) || (key0 === "source_revision")) || (key0 === "rules"))){
const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.vendor !== undefined){
let data0 = data.vendor;
if(typeof data0 === "string"){
if(func1(data0) > 64){
const err7 = {instancePath:instancePath+"/vendor",schemaPath:"#/properties/vendor/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(!pattern23.test(data0)){
const err8 = {instancePath:instancePath+"/vendor",schemaPath:"#/properties/vendor/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/vendor",schemaPath:"#/properties/vendor/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.package !== undefined){
let data1 = data.package;
if(typeof data1 === "string"){
if(func1(data1) > 64){
const err10 = {instancePath:instancePath+"/package",schemaPath:"#/properties/package/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(!pattern23.test(data1)){
const err11 = {instancePath:instancePath+"/package",schemaPath:"#/properties/package/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/package",schemaPath:"#/properties/package/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.version !== undefined){
let data2 = data.version;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err13 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 1 || isNaN(data2)){
const err14 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.format !== undefined){
if("ai-rules/v1" !== data.format){
const err15 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/const",keyword:"const",params:{allowedValue: "ai-rules/v1"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.source_revision !== undefined){
let data4 = data.source_revision;
if(typeof data4 === "string"){
if(func1(data4) > 64){
const err16 = {instancePath:instancePath+"/source_revision",schemaPath:"#/properties/source_revision/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!pattern52.test(data4)){
const err17 = {instancePath:instancePath+"/source_revision",schemaPath:"#/properties/source_revision/pattern",keyword:"pattern",params:{pattern: "^[0-9A-Za-z][0-9A-Za-z.+-]*$"},message:"must match pattern \""+"^[0-9A-Za-z][0-9A-Za-z.+-]*$"+"\""};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/source_revision",schemaPath:"#/properties/source_revision/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.rules !== undefined){
let data5 = data.rules;
if(Array.isArray(data5)){
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.id === undefined){
const err19 = {instancePath:instancePath+"/rules/" + i0,schemaPath:"#/$defs/Entry/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data6.version === undefined){
const err20 = {instancePath:instancePath+"/rules/" + i0,schemaPath:"#/$defs/Entry/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data6.file === undefined){
const err21 = {instancePath:instancePath+"/rules/" + i0,schemaPath:"#/$defs/Entry/required",keyword:"required",params:{missingProperty: "file"},message:"must have required property '"+"file"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data6.sha256 === undefined){
const err22 = {instancePath:instancePath+"/rules/" + i0,schemaPath:"#/$defs/Entry/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
for(const key1 in data6){
if(!((((key1 === "id") || (key1 === "version")) || (key1 === "file")) || (key1 === "sha256"))){
const err23 = {instancePath:instancePath+"/rules/" + i0,schemaPath:"#/$defs/Entry/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data6.id !== undefined){
let data7 = data6.id;
if(typeof data7 === "string"){
if(func1(data7) > 128){
const err24 = {instancePath:instancePath+"/rules/" + i0+"/id",schemaPath:"#/$defs/Entry/properties/id/maxLength",keyword:"maxLength",params:{limit: 128},message:"must NOT have more than 128 characters"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(!pattern43.test(data7)){
const err25 = {instancePath:instancePath+"/rules/" + i0+"/id",schemaPath:"#/$defs/Entry/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*$"+"\""};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/rules/" + i0+"/id",schemaPath:"#/$defs/Entry/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data6.version !== undefined){
let data8 = data6.version;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err27 = {instancePath:instancePath+"/rules/" + i0+"/version",schemaPath:"#/$defs/Entry/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 < 1 || isNaN(data8)){
const err28 = {instancePath:instancePath+"/rules/" + i0+"/version",schemaPath:"#/$defs/Entry/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
if(data6.file !== undefined){
let data9 = data6.file;
if(typeof data9 === "string"){
if(func1(data9) > 256){
const err29 = {instancePath:instancePath+"/rules/" + i0+"/file",schemaPath:"#/$defs/Entry/properties/file/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(!pattern54.test(data9)){
const err30 = {instancePath:instancePath+"/rules/" + i0+"/file",schemaPath:"#/$defs/Entry/properties/file/pattern",keyword:"pattern",params:{pattern: "^rules/[A-Za-z0-9][A-Za-z0-9._-]*\\.md$"},message:"must match pattern \""+"^rules/[A-Za-z0-9][A-Za-z0-9._-]*\\.md$"+"\""};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/rules/" + i0+"/file",schemaPath:"#/$defs/Entry/properties/file/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data6.sha256 !== undefined){
let data10 = data6.sha256;
if(typeof data10 === "string"){
if(func1(data10) > 64){
const err32 = {instancePath:instancePath+"/rules/" + i0+"/sha256",schemaPath:"#/$defs/Entry/properties/sha256/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(!pattern55.test(data10)){
const err33 = {instancePath:instancePath+"/rules/" + i0+"/sha256",schemaPath:"#/$defs/Entry/properties/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/rules/" + i0+"/sha256",schemaPath:"#/$defs/Entry/properties/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/rules/" + i0,schemaPath:"#/$defs/Entry/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/rules",schemaPath:"#/properties/rules/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
validate35.errors = vErrors;
return errors === 0;
}
validate35.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const pack = validate36;
const schema78 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/pack.v1.schema.json","type":"object","additionalProperties":false,"required":["schema","name","description","vendoring","validators"],"properties":{"schema":{"const":"majordomus-pack/v1"},"name":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"description":{"type":"string","minLength":1,"maxLength":300,"pattern":"^[^\\n]+$"},"vendoring":{"enum":["always","default","optional","never"]},"validators":{"type":"array","uniqueItems":true,"items":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_]*$"}},"gates":{"type":"array","items":{"$ref":"#/$defs/Gate"}},"embedded":{"type":"boolean"},"context":{"type":"string","maxLength":200,"pattern":"^engine/[a-z0-9/_-]+\\.ts$"},"commands":{"type":"array","uniqueItems":true,"items":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"}},"bundles":{"type":"array","items":{"$ref":"#/$defs/Bundle"}}},"$defs":{"Gate":{"type":"object","additionalProperties":false,"required":["name","description","target","violation_level","command"],"properties":{"name":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_-]*$"},"description":{"type":"string","minLength":1,"maxLength":300,"pattern":"^[^\\n]+$"},"target":{"enum":["repository","folder"]},"violation_level":{"enum":["fail","drift"]},"exit_code":{"type":"integer","minimum":0,"maximum":125},"includes":{"type":"array","uniqueItems":true,"items":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_-]*$"}},"command":{"type":"string","maxLength":200,"pattern":"^majordomus [^\\n]+$"}}},"Bundle":{"type":"object","additionalProperties":false,"required":["name","entry"],"properties":{"name":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"entry":{"type":"string","maxLength":200,"pattern":"^engine/[a-z0-9/_-]+\\.ts$"}}}}};
const schema79 = {"type":"object","additionalProperties":false,"required":["name","description","target","violation_level","command"],"properties":{"name":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_-]*$"},"description":{"type":"string","minLength":1,"maxLength":300,"pattern":"^[^\\n]+$"},"target":{"enum":["repository","folder"]},"violation_level":{"enum":["fail","drift"]},"exit_code":{"type":"integer","minimum":0,"maximum":125},"includes":{"type":"array","uniqueItems":true,"items":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_-]*$"}},"command":{"type":"string","maxLength":200,"pattern":"^majordomus [^\\n]+$"}}};
const schema80 = {"type":"object","additionalProperties":false,"required":["name","entry"],"properties":{"name":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"entry":{"type":"string","maxLength":200,"pattern":"^engine/[a-z0-9/_-]+\\.ts$"}}};
const pattern57 = new RegExp("^[^\\n]+$", "u");
const pattern62 = new RegExp("^majordomus [^\\n]+$", "u");
const pattern63 = new RegExp("^engine/[a-z0-9/_-]+\\.ts$", "u");

function validate36(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/pack.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate36.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schema === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema"},message:"must have required property '"+"schema"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.description === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "description"},message:"must have required property '"+"description"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.vendoring === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "vendoring"},message:"must have required property '"+"vendoring"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.validators === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "validators"},message:"must have required property '"+"validators"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema78.properties, key0))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.schema !== undefined){
if("majordomus-pack/v1" !== data.schema){
const err6 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/const",keyword:"const",params:{allowedValue: "majordomus-pack/v1"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(func1(data1) > 64){
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(!pattern23.test(data1)){
const err8 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.description !== undefined){
let data2 = data.description;
if(typeof data2 === "string"){
if(func1(data2) > 300){
const err10 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 300},message:"must NOT have more than 300 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(func1(data2) < 1){
const err11 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!pattern57.test(data2)){
const err12 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/pattern",keyword:"pattern",params:{pattern: "^[^\\n]+$"},message:"must match pattern \""+"^[^\\n]+$"+"\""};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.vendoring !== undefined){
let data3 = data.vendoring;
if(!((((data3 === "always") || (data3 === "default")) || (data3 === "optional")) || (data3 === "never"))){
const err14 = {instancePath:instancePath+"/vendoring",schemaPath:"#/properties/vendoring/enum",keyword:"enum",params:{allowedValues: schema78.properties.vendoring.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.validators !== undefined){
let data4 = data.validators;
if(Array.isArray(data4)){
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(typeof data5 === "string"){
if(func1(data5) > 64){
const err15 = {instancePath:instancePath+"/validators/" + i0,schemaPath:"#/properties/validators/items/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(!pattern26.test(data5)){
const err16 = {instancePath:instancePath+"/validators/" + i0,schemaPath:"#/properties/validators/items/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*$"+"\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/validators/" + i0,schemaPath:"#/properties/validators/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
let i1 = data4.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data4[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err18 = {instancePath:instancePath+"/validators",schemaPath:"#/properties/validators/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err19 = {instancePath:instancePath+"/validators",schemaPath:"#/properties/validators/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.gates !== undefined){
let data6 = data.gates;
if(Array.isArray(data6)){
const len1 = data6.length;
for(let i2=0; i2<len1; i2++){
let data7 = data6[i2];
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.name === undefined){
const err20 = {instancePath:instancePath+"/gates/" + i2,schemaPath:"#/$defs/Gate/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data7.description === undefined){
const err21 = {instancePath:instancePath+"/gates/" + i2,schemaPath:"#/$defs/Gate/required",keyword:"required",params:{missingProperty: "description"},message:"must have required property '"+"description"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data7.target === undefined){
const err22 = {instancePath:instancePath+"/gates/" + i2,schemaPath:"#/$defs/Gate/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data7.violation_level === undefined){
const err23 = {instancePath:instancePath+"/gates/" + i2,schemaPath:"#/$defs/Gate/required",keyword:"required",params:{missingProperty: "violation_level"},message:"must have required property '"+"violation_level"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data7.command === undefined){
const err24 = {instancePath:instancePath+"/gates/" + i2,schemaPath:"#/$defs/Gate/required",keyword:"required",params:{missingProperty: "command"},message:"must have required property '"+"command"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
for(const key1 in data7){
if(!(((((((key1 === "name") || (key1 === "description")) || (key1 === "target")) || (key1 === "violation_level")) || (key1 === "exit_code")) || (key1 === "includes")) || (key1 === "command"))){
const err25 = {instancePath:instancePath+"/gates/" + i2,schemaPath:"#/$defs/Gate/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data7.name !== undefined){
let data8 = data7.name;
if(typeof data8 === "string"){
if(func1(data8) > 64){
const err26 = {instancePath:instancePath+"/gates/" + i2+"/name",schemaPath:"#/$defs/Gate/properties/name/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(!pattern46.test(data8)){
const err27 = {instancePath:instancePath+"/gates/" + i2+"/name",schemaPath:"#/$defs/Gate/properties/name/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_-]*$"+"\""};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/gates/" + i2+"/name",schemaPath:"#/$defs/Gate/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data7.description !== undefined){
let data9 = data7.description;
if(typeof data9 === "string"){
if(func1(data9) > 300){
const err29 = {instancePath:instancePath+"/gates/" + i2+"/description",schemaPath:"#/$defs/Gate/properties/description/maxLength",keyword:"maxLength",params:{limit: 300},message:"must NOT have more than 300 characters"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(func1(data9) < 1){
const err30 = {instancePath:instancePath+"/gates/" + i2+"/description",schemaPath:"#/$defs/Gate/properties/description/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(!pattern57.test(data9)){
const err31 = {instancePath:instancePath+"/gates/" + i2+"/description",schemaPath:"#/$defs/Gate/properties/description/pattern",keyword:"pattern",params:{pattern: "^[^\\n]+$"},message:"must match pattern \""+"^[^\\n]+$"+"\""};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/gates/" + i2+"/description",schemaPath:"#/$defs/Gate/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data7.target !== undefined){
let data10 = data7.target;
if(!((data10 === "repository") || (data10 === "folder"))){
const err33 = {instancePath:instancePath+"/gates/" + i2+"/target",schemaPath:"#/$defs/Gate/properties/target/enum",keyword:"enum",params:{allowedValues: schema79.properties.target.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data7.violation_level !== undefined){
let data11 = data7.violation_level;
if(!((data11 === "fail") || (data11 === "drift"))){
const err34 = {instancePath:instancePath+"/gates/" + i2+"/violation_level",schemaPath:"#/$defs/Gate/properties/violation_level/enum",keyword:"enum",params:{allowedValues: schema79.properties.violation_level.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data7.exit_code !== undefined){
let data12 = data7.exit_code;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err35 = {instancePath:instancePath+"/gates/" + i2+"/exit_code",schemaPath:"#/$defs/Gate/properties/exit_code/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 > 125 || isNaN(data12)){
const err36 = {instancePath:instancePath+"/gates/" + i2+"/exit_code",schemaPath:"#/$defs/Gate/properties/exit_code/maximum",keyword:"maximum",params:{comparison: "<=", limit: 125},message:"must be <= 125"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data12 < 0 || isNaN(data12)){
const err37 = {instancePath:instancePath+"/gates/" + i2+"/exit_code",schemaPath:"#/$defs/Gate/properties/exit_code/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
if(data7.includes !== undefined){
let data13 = data7.includes;
if(Array.isArray(data13)){
const len2 = data13.length;
for(let i3=0; i3<len2; i3++){
let data14 = data13[i3];
if(typeof data14 === "string"){
if(func1(data14) > 64){
const err38 = {instancePath:instancePath+"/gates/" + i2+"/includes/" + i3,schemaPath:"#/$defs/Gate/properties/includes/items/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(!pattern46.test(data14)){
const err39 = {instancePath:instancePath+"/gates/" + i2+"/includes/" + i3,schemaPath:"#/$defs/Gate/properties/includes/items/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_-]*$"+"\""};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
else {
const err40 = {instancePath:instancePath+"/gates/" + i2+"/includes/" + i3,schemaPath:"#/$defs/Gate/properties/includes/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
let i4 = data13.length;
let j1;
if(i4 > 1){
const indices1 = {};
for(;i4--;){
let item1 = data13[i4];
if(typeof item1 !== "string"){
continue;
}
if(typeof indices1[item1] == "number"){
j1 = indices1[item1];
const err41 = {instancePath:instancePath+"/gates/" + i2+"/includes",schemaPath:"#/$defs/Gate/properties/includes/uniqueItems",keyword:"uniqueItems",params:{i: i4, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i4+" are identical)"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
break;
}
indices1[item1] = i4;
}
}
}
else {
const err42 = {instancePath:instancePath+"/gates/" + i2+"/includes",schemaPath:"#/$defs/Gate/properties/includes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data7.command !== undefined){
let data15 = data7.command;
if(typeof data15 === "string"){
if(func1(data15) > 200){
const err43 = {instancePath:instancePath+"/gates/" + i2+"/command",schemaPath:"#/$defs/Gate/properties/command/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(!pattern62.test(data15)){
const err44 = {instancePath:instancePath+"/gates/" + i2+"/command",schemaPath:"#/$defs/Gate/properties/command/pattern",keyword:"pattern",params:{pattern: "^majordomus [^\\n]+$"},message:"must match pattern \""+"^majordomus [^\\n]+$"+"\""};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
else {
const err45 = {instancePath:instancePath+"/gates/" + i2+"/command",schemaPath:"#/$defs/Gate/properties/command/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
else {
const err46 = {instancePath:instancePath+"/gates/" + i2,schemaPath:"#/$defs/Gate/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath:instancePath+"/gates",schemaPath:"#/properties/gates/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data.embedded !== undefined){
if(typeof data.embedded !== "boolean"){
const err48 = {instancePath:instancePath+"/embedded",schemaPath:"#/properties/embedded/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data.context !== undefined){
let data17 = data.context;
if(typeof data17 === "string"){
if(func1(data17) > 200){
const err49 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(!pattern63.test(data17)){
const err50 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/pattern",keyword:"pattern",params:{pattern: "^engine/[a-z0-9/_-]+\\.ts$"},message:"must match pattern \""+"^engine/[a-z0-9/_-]+\\.ts$"+"\""};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
else {
const err51 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.commands !== undefined){
let data18 = data.commands;
if(Array.isArray(data18)){
const len3 = data18.length;
for(let i5=0; i5<len3; i5++){
let data19 = data18[i5];
if(typeof data19 === "string"){
if(func1(data19) > 64){
const err52 = {instancePath:instancePath+"/commands/" + i5,schemaPath:"#/properties/commands/items/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(!pattern23.test(data19)){
const err53 = {instancePath:instancePath+"/commands/" + i5,schemaPath:"#/properties/commands/items/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/commands/" + i5,schemaPath:"#/properties/commands/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
let i6 = data18.length;
let j2;
if(i6 > 1){
const indices2 = {};
for(;i6--;){
let item2 = data18[i6];
if(typeof item2 !== "string"){
continue;
}
if(typeof indices2[item2] == "number"){
j2 = indices2[item2];
const err55 = {instancePath:instancePath+"/commands",schemaPath:"#/properties/commands/uniqueItems",keyword:"uniqueItems",params:{i: i6, j: j2},message:"must NOT have duplicate items (items ## "+j2+" and "+i6+" are identical)"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
break;
}
indices2[item2] = i6;
}
}
}
else {
const err56 = {instancePath:instancePath+"/commands",schemaPath:"#/properties/commands/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data.bundles !== undefined){
let data20 = data.bundles;
if(Array.isArray(data20)){
const len4 = data20.length;
for(let i7=0; i7<len4; i7++){
let data21 = data20[i7];
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.name === undefined){
const err57 = {instancePath:instancePath+"/bundles/" + i7,schemaPath:"#/$defs/Bundle/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if(data21.entry === undefined){
const err58 = {instancePath:instancePath+"/bundles/" + i7,schemaPath:"#/$defs/Bundle/required",keyword:"required",params:{missingProperty: "entry"},message:"must have required property '"+"entry"+"'"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
for(const key2 in data21){
if(!((key2 === "name") || (key2 === "entry"))){
const err59 = {instancePath:instancePath+"/bundles/" + i7,schemaPath:"#/$defs/Bundle/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data21.name !== undefined){
let data22 = data21.name;
if(typeof data22 === "string"){
if(func1(data22) > 64){
const err60 = {instancePath:instancePath+"/bundles/" + i7+"/name",schemaPath:"#/$defs/Bundle/properties/name/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(!pattern23.test(data22)){
const err61 = {instancePath:instancePath+"/bundles/" + i7+"/name",schemaPath:"#/$defs/Bundle/properties/name/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
else {
const err62 = {instancePath:instancePath+"/bundles/" + i7+"/name",schemaPath:"#/$defs/Bundle/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data21.entry !== undefined){
let data23 = data21.entry;
if(typeof data23 === "string"){
if(func1(data23) > 200){
const err63 = {instancePath:instancePath+"/bundles/" + i7+"/entry",schemaPath:"#/$defs/Bundle/properties/entry/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if(!pattern63.test(data23)){
const err64 = {instancePath:instancePath+"/bundles/" + i7+"/entry",schemaPath:"#/$defs/Bundle/properties/entry/pattern",keyword:"pattern",params:{pattern: "^engine/[a-z0-9/_-]+\\.ts$"},message:"must match pattern \""+"^engine/[a-z0-9/_-]+\\.ts$"+"\""};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
else {
const err65 = {instancePath:instancePath+"/bundles/" + i7+"/entry",schemaPath:"#/$defs/Bundle/properties/entry/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
}
else {
const err66 = {instancePath:instancePath+"/bundles/" + i7,schemaPath:"#/$defs/Bundle/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
}
else {
const err67 = {instancePath:instancePath+"/bundles",schemaPath:"#/properties/bundles/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
}
else {
const err68 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
validate36.errors = vErrors;
return errors === 0;
}
validate36.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const task = validate37;
const schema81 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/task.v1.schema.json","type":"object","additionalProperties":false,"required":["id","task","profile","owner","scope","started_at","outcome","repository_id","worktree","working_tree"],"properties":{"id":{"type":"string","pattern":"^t-[0-9]{8}-?[0-9]{6}-[0-9a-f]{4}$","maxLength":32},"task":{"type":"string","minLength":1,"maxLength":500},"profile":{"type":"string","pattern":"^[a-z][a-z0-9-]*$","maxLength":64},"owner":{"type":"string","minLength":1,"maxLength":200},"scope":{"type":"array","minItems":1,"maxItems":256,"items":{"type":"string","minLength":1,"maxLength":1024,"pattern":"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"}},"started_at":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$","maxLength":20},"checkpoint_at":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$","maxLength":20},"outcome":{"type":"string","enum":["active","completed","partial","blocked","no_match","failed","handed_over"]},"repository_id":{"type":"string","minLength":1},"worktree":{"type":"string","minLength":1},"branch":{"type":"string","minLength":1},"head":{"type":"string","pattern":"^[0-9a-f]{40}([0-9a-f]{24})?$","maxLength":64},"working_tree":{"type":"string","enum":["clean","dirty"]},"started_dirty":{"type":"array","maxItems":4096,"items":{"type":"object","additionalProperties":false,"required":["path","blob"],"properties":{"path":{"type":"string","minLength":1,"maxLength":4096},"blob":{"type":"string","pattern":"^([0-9a-f]{40}([0-9a-f]{24})?|deleted)$","maxLength":64}}}}}};
const pattern67 = new RegExp("^t-[0-9]{8}-?[0-9]{6}-[0-9a-f]{4}$", "u");
const pattern69 = new RegExp("^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$", "u");
const pattern70 = new RegExp("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$", "u");
const pattern72 = new RegExp("^[0-9a-f]{40}([0-9a-f]{24})?$", "u");
const pattern73 = new RegExp("^([0-9a-f]{40}([0-9a-f]{24})?|deleted)$", "u");

function validate37(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/task.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate37.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.task === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "task"},message:"must have required property '"+"task"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.profile === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "profile"},message:"must have required property '"+"profile"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.owner === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "owner"},message:"must have required property '"+"owner"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.scope === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "scope"},message:"must have required property '"+"scope"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.started_at === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "started_at"},message:"must have required property '"+"started_at"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.outcome === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "outcome"},message:"must have required property '"+"outcome"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.repository_id === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "repository_id"},message:"must have required property '"+"repository_id"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.worktree === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "worktree"},message:"must have required property '"+"worktree"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.working_tree === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "working_tree"},message:"must have required property '"+"working_tree"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema81.properties, key0))){
const err10 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(func1(data0) > 32){
const err11 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!pattern67.test(data0)){
const err12 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^t-[0-9]{8}-?[0-9]{6}-[0-9a-f]{4}$"},message:"must match pattern \""+"^t-[0-9]{8}-?[0-9]{6}-[0-9a-f]{4}$"+"\""};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.task !== undefined){
let data1 = data.task;
if(typeof data1 === "string"){
if(func1(data1) > 500){
const err14 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(func1(data1) < 1){
const err15 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.profile !== undefined){
let data2 = data.profile;
if(typeof data2 === "string"){
if(func1(data2) > 64){
const err17 = {instancePath:instancePath+"/profile",schemaPath:"#/properties/profile/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!pattern23.test(data2)){
const err18 = {instancePath:instancePath+"/profile",schemaPath:"#/properties/profile/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/profile",schemaPath:"#/properties/profile/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.owner !== undefined){
let data3 = data.owner;
if(typeof data3 === "string"){
if(func1(data3) > 200){
const err20 = {instancePath:instancePath+"/owner",schemaPath:"#/properties/owner/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(func1(data3) < 1){
const err21 = {instancePath:instancePath+"/owner",schemaPath:"#/properties/owner/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/owner",schemaPath:"#/properties/owner/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.scope !== undefined){
let data4 = data.scope;
if(Array.isArray(data4)){
if(data4.length > 256){
const err23 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/maxItems",keyword:"maxItems",params:{limit: 256},message:"must NOT have more than 256 items"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data4.length < 1){
const err24 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(typeof data5 === "string"){
if(func1(data5) > 1024){
const err25 = {instancePath:instancePath+"/scope/" + i0,schemaPath:"#/properties/scope/items/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(func1(data5) < 1){
const err26 = {instancePath:instancePath+"/scope/" + i0,schemaPath:"#/properties/scope/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(!pattern69.test(data5)){
const err27 = {instancePath:instancePath+"/scope/" + i0,schemaPath:"#/properties/scope/items/pattern",keyword:"pattern",params:{pattern: "^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"},message:"must match pattern \""+"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/scope/" + i0,schemaPath:"#/properties/scope/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.started_at !== undefined){
let data6 = data.started_at;
if(typeof data6 === "string"){
if(func1(data6) > 20){
const err30 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(!pattern70.test(data6)){
const err31 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"+"\""};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.checkpoint_at !== undefined){
let data7 = data.checkpoint_at;
if(typeof data7 === "string"){
if(func1(data7) > 20){
const err33 = {instancePath:instancePath+"/checkpoint_at",schemaPath:"#/properties/checkpoint_at/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(!pattern70.test(data7)){
const err34 = {instancePath:instancePath+"/checkpoint_at",schemaPath:"#/properties/checkpoint_at/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"+"\""};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/checkpoint_at",schemaPath:"#/properties/checkpoint_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.outcome !== undefined){
let data8 = data.outcome;
if(typeof data8 !== "string"){
const err36 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(!(((((((data8 === "active") || (data8 === "completed")) || (data8 === "partial")) || (data8 === "blocked")) || (data8 === "no_match")) || (data8 === "failed")) || (data8 === "handed_over"))){
const err37 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/enum",keyword:"enum",params:{allowedValues: schema81.properties.outcome.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.repository_id !== undefined){
let data9 = data.repository_id;
if(typeof data9 === "string"){
if(func1(data9) < 1){
const err38 = {instancePath:instancePath+"/repository_id",schemaPath:"#/properties/repository_id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/repository_id",schemaPath:"#/properties/repository_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.worktree !== undefined){
let data10 = data.worktree;
if(typeof data10 === "string"){
if(func1(data10) < 1){
const err40 = {instancePath:instancePath+"/worktree",schemaPath:"#/properties/worktree/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/worktree",schemaPath:"#/properties/worktree/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.branch !== undefined){
let data11 = data.branch;
if(typeof data11 === "string"){
if(func1(data11) < 1){
const err42 = {instancePath:instancePath+"/branch",schemaPath:"#/properties/branch/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/branch",schemaPath:"#/properties/branch/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.head !== undefined){
let data12 = data.head;
if(typeof data12 === "string"){
if(func1(data12) > 64){
const err44 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(!pattern72.test(data12)){
const err45 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$"},message:"must match pattern \""+"^[0-9a-f]{40}([0-9a-f]{24})?$"+"\""};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data.working_tree !== undefined){
let data13 = data.working_tree;
if(typeof data13 !== "string"){
const err47 = {instancePath:instancePath+"/working_tree",schemaPath:"#/properties/working_tree/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(!((data13 === "clean") || (data13 === "dirty"))){
const err48 = {instancePath:instancePath+"/working_tree",schemaPath:"#/properties/working_tree/enum",keyword:"enum",params:{allowedValues: schema81.properties.working_tree.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data.started_dirty !== undefined){
let data14 = data.started_dirty;
if(Array.isArray(data14)){
if(data14.length > 4096){
const err49 = {instancePath:instancePath+"/started_dirty",schemaPath:"#/properties/started_dirty/maxItems",keyword:"maxItems",params:{limit: 4096},message:"must NOT have more than 4096 items"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
const len1 = data14.length;
for(let i1=0; i1<len1; i1++){
let data15 = data14[i1];
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.path === undefined){
const err50 = {instancePath:instancePath+"/started_dirty/" + i1,schemaPath:"#/properties/started_dirty/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if(data15.blob === undefined){
const err51 = {instancePath:instancePath+"/started_dirty/" + i1,schemaPath:"#/properties/started_dirty/items/required",keyword:"required",params:{missingProperty: "blob"},message:"must have required property '"+"blob"+"'"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
for(const key1 in data15){
if(!((key1 === "path") || (key1 === "blob"))){
const err52 = {instancePath:instancePath+"/started_dirty/" + i1,schemaPath:"#/properties/started_dirty/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data15.path !== undefined){
let data16 = data15.path;
if(typeof data16 === "string"){
if(func1(data16) > 4096){
const err53 = {instancePath:instancePath+"/started_dirty/" + i1+"/path",schemaPath:"#/properties/started_dirty/items/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if(func1(data16) < 1){
const err54 = {instancePath:instancePath+"/started_dirty/" + i1+"/path",schemaPath:"#/properties/started_dirty/items/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
else {
const err55 = {instancePath:instancePath+"/started_dirty/" + i1+"/path",schemaPath:"#/properties/started_dirty/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data15.blob !== undefined){
let data17 = data15.blob;
if(typeof data17 === "string"){
if(func1(data17) > 64){
const err56 = {instancePath:instancePath+"/started_dirty/" + i1+"/blob",schemaPath:"#/properties/started_dirty/items/properties/blob/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(!pattern73.test(data17)){
const err57 = {instancePath:instancePath+"/started_dirty/" + i1+"/blob",schemaPath:"#/properties/started_dirty/items/properties/blob/pattern",keyword:"pattern",params:{pattern: "^([0-9a-f]{40}([0-9a-f]{24})?|deleted)$"},message:"must match pattern \""+"^([0-9a-f]{40}([0-9a-f]{24})?|deleted)$"+"\""};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
else {
const err58 = {instancePath:instancePath+"/started_dirty/" + i1+"/blob",schemaPath:"#/properties/started_dirty/items/properties/blob/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
}
else {
const err59 = {instancePath:instancePath+"/started_dirty/" + i1,schemaPath:"#/properties/started_dirty/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
}
else {
const err60 = {instancePath:instancePath+"/started_dirty",schemaPath:"#/properties/started_dirty/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
else {
const err61 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
validate37.errors = vErrors;
return errors === 0;
}
validate37.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const events = validate38;
const schema82 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/events.v1.schema.json","type":"object","additionalProperties":false,"required":["version","events"],"properties":{"version":{"const":1},"events":{"type":"array","minItems":1,"items":{"$ref":"#/$defs/Event"}}},"$defs":{"Event":{"type":"object","additionalProperties":false,"required":["id","title","summary","emitted_by","requires","public"],"properties":{"id":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$"},"title":{"type":"string","minLength":1,"maxLength":80,"pattern":"^[^\\n]+$"},"summary":{"type":"string","minLength":1,"maxLength":300,"pattern":"^[^\\n]+$"},"emitted_by":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"requires":{"type":"array","uniqueItems":true,"items":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_]*$","not":{"enum":["ts","event","head","branch","by","session"]}}},"public":{"type":"boolean"},"note":{"type":"string","minLength":1,"maxLength":600,"pattern":"^[^\\n]+$"}}}}};
const schema83 = {"type":"object","additionalProperties":false,"required":["id","title","summary","emitted_by","requires","public"],"properties":{"id":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$"},"title":{"type":"string","minLength":1,"maxLength":80,"pattern":"^[^\\n]+$"},"summary":{"type":"string","minLength":1,"maxLength":300,"pattern":"^[^\\n]+$"},"emitted_by":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"requires":{"type":"array","uniqueItems":true,"items":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_]*$","not":{"enum":["ts","event","head","branch","by","session"]}}},"public":{"type":"boolean"},"note":{"type":"string","minLength":1,"maxLength":600,"pattern":"^[^\\n]+$"}}};
const pattern74 = new RegExp("^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$", "u");

function validate38(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/events.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate38.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.events === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "events"},message:"must have required property '"+"events"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "version") || (key0 === "events"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.version !== undefined){
if(1 !== data.version){
const err3 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.events !== undefined){
let data1 = data.events;
if(Array.isArray(data1)){
if(data1.length < 1){
const err4 = {instancePath:instancePath+"/events",schemaPath:"#/properties/events/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.id === undefined){
const err5 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/$defs/Event/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data2.title === undefined){
const err6 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/$defs/Event/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data2.summary === undefined){
const err7 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/$defs/Event/required",keyword:"required",params:{missingProperty: "summary"},message:"must have required property '"+"summary"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data2.emitted_by === undefined){
const err8 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/$defs/Event/required",keyword:"required",params:{missingProperty: "emitted_by"},message:"must have required property '"+"emitted_by"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data2.requires === undefined){
const err9 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/$defs/Event/required",keyword:"required",params:{missingProperty: "requires"},message:"must have required property '"+"requires"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data2.public === undefined){
const err10 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/$defs/Event/required",keyword:"required",params:{missingProperty: "public"},message:"must have required property '"+"public"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
for(const key1 in data2){
if(!(((((((key1 === "id") || (key1 === "title")) || (key1 === "summary")) || (key1 === "emitted_by")) || (key1 === "requires")) || (key1 === "public")) || (key1 === "note"))){
const err11 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/$defs/Event/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data2.id !== undefined){
let data3 = data2.id;
if(typeof data3 === "string"){
if(func1(data3) > 64){
const err12 = {instancePath:instancePath+"/events/" + i0+"/id",schemaPath:"#/$defs/Event/properties/id/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!pattern74.test(data3)){
const err13 = {instancePath:instancePath+"/events/" + i0+"/id",schemaPath:"#/$defs/Event/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$"+"\""};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/events/" + i0+"/id",schemaPath:"#/$defs/Event/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data2.title !== undefined){
let data4 = data2.title;
if(typeof data4 === "string"){
if(func1(data4) > 80){
const err15 = {instancePath:instancePath+"/events/" + i0+"/title",schemaPath:"#/$defs/Event/properties/title/maxLength",keyword:"maxLength",params:{limit: 80},message:"must NOT have more than 80 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(func1(data4) < 1){
const err16 = {instancePath:instancePath+"/events/" + i0+"/title",schemaPath:"#/$defs/Event/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!pattern57.test(data4)){
const err17 = {instancePath:instancePath+"/events/" + i0+"/title",schemaPath:"#/$defs/Event/properties/title/pattern",keyword:"pattern",params:{pattern: "^[^\\n]+$"},message:"must match pattern \""+"^[^\\n]+$"+"\""};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/events/" + i0+"/title",schemaPath:"#/$defs/Event/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data2.summary !== undefined){
let data5 = data2.summary;
if(typeof data5 === "string"){
if(func1(data5) > 300){
const err19 = {instancePath:instancePath+"/events/" + i0+"/summary",schemaPath:"#/$defs/Event/properties/summary/maxLength",keyword:"maxLength",params:{limit: 300},message:"must NOT have more than 300 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(func1(data5) < 1){
const err20 = {instancePath:instancePath+"/events/" + i0+"/summary",schemaPath:"#/$defs/Event/properties/summary/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(!pattern57.test(data5)){
const err21 = {instancePath:instancePath+"/events/" + i0+"/summary",schemaPath:"#/$defs/Event/properties/summary/pattern",keyword:"pattern",params:{pattern: "^[^\\n]+$"},message:"must match pattern \""+"^[^\\n]+$"+"\""};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/events/" + i0+"/summary",schemaPath:"#/$defs/Event/properties/summary/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data2.emitted_by !== undefined){
let data6 = data2.emitted_by;
if(typeof data6 === "string"){
if(func1(data6) > 64){
const err23 = {instancePath:instancePath+"/events/" + i0+"/emitted_by",schemaPath:"#/$defs/Event/properties/emitted_by/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(!pattern23.test(data6)){
const err24 = {instancePath:instancePath+"/events/" + i0+"/emitted_by",schemaPath:"#/$defs/Event/properties/emitted_by/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/events/" + i0+"/emitted_by",schemaPath:"#/$defs/Event/properties/emitted_by/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data2.requires !== undefined){
let data7 = data2.requires;
if(Array.isArray(data7)){
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
const _errs21 = errors;
const _errs22 = errors;
if(!((((((data8 === "ts") || (data8 === "event")) || (data8 === "head")) || (data8 === "branch")) || (data8 === "by")) || (data8 === "session"))){
const err26 = {};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var valid7 = _errs22 === errors;
if(valid7){
const err27 = {instancePath:instancePath+"/events/" + i0+"/requires/" + i1,schemaPath:"#/$defs/Event/properties/requires/items/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
else {
errors = _errs21;
if(vErrors !== null){
if(_errs21){
vErrors.length = _errs21;
}
else {
vErrors = null;
}
}
}
if(typeof data8 === "string"){
if(func1(data8) > 64){
const err28 = {instancePath:instancePath+"/events/" + i0+"/requires/" + i1,schemaPath:"#/$defs/Event/properties/requires/items/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(!pattern26.test(data8)){
const err29 = {instancePath:instancePath+"/events/" + i0+"/requires/" + i1,schemaPath:"#/$defs/Event/properties/requires/items/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*$"+"\""};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/events/" + i0+"/requires/" + i1,schemaPath:"#/$defs/Event/properties/requires/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
let i2 = data7.length;
let j0;
if(i2 > 1){
const indices0 = {};
for(;i2--;){
let item0 = data7[i2];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err31 = {instancePath:instancePath+"/events/" + i0+"/requires",schemaPath:"#/$defs/Event/properties/requires/uniqueItems",keyword:"uniqueItems",params:{i: i2, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i2+" are identical)"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
break;
}
indices0[item0] = i2;
}
}
}
else {
const err32 = {instancePath:instancePath+"/events/" + i0+"/requires",schemaPath:"#/$defs/Event/properties/requires/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data2.public !== undefined){
if(typeof data2.public !== "boolean"){
const err33 = {instancePath:instancePath+"/events/" + i0+"/public",schemaPath:"#/$defs/Event/properties/public/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data2.note !== undefined){
let data10 = data2.note;
if(typeof data10 === "string"){
if(func1(data10) > 600){
const err34 = {instancePath:instancePath+"/events/" + i0+"/note",schemaPath:"#/$defs/Event/properties/note/maxLength",keyword:"maxLength",params:{limit: 600},message:"must NOT have more than 600 characters"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(func1(data10) < 1){
const err35 = {instancePath:instancePath+"/events/" + i0+"/note",schemaPath:"#/$defs/Event/properties/note/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(!pattern57.test(data10)){
const err36 = {instancePath:instancePath+"/events/" + i0+"/note",schemaPath:"#/$defs/Event/properties/note/pattern",keyword:"pattern",params:{pattern: "^[^\\n]+$"},message:"must match pattern \""+"^[^\\n]+$"+"\""};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/events/" + i0+"/note",schemaPath:"#/$defs/Event/properties/note/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/$defs/Event/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
else {
const err39 = {instancePath:instancePath+"/events",schemaPath:"#/properties/events/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
else {
const err40 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
validate38.errors = vErrors;
return errors === 0;
}
validate38.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const knowledgeSources = validate39;
const schema84 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/knowledge-sources.v1.schema.json","type":"object","additionalProperties":false,"required":["version","sources"],"properties":{"version":{"const":1},"sources":{"type":"array","maxItems":256,"items":{"$ref":"#/$defs/Source"}}},"$defs":{"Source":{"type":"object","additionalProperties":false,"required":["id","kind","discovery","pathspec","required"],"properties":{"id":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_-]*$"},"kind":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"discovery":{"enum":["vcs"]},"pathspec":{"type":"string","maxLength":1024,"pattern":"^:\\(glob\\).+$"},"required":{"type":"boolean"}}}}};
const schema85 = {"type":"object","additionalProperties":false,"required":["id","kind","discovery","pathspec","required"],"properties":{"id":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9_-]*$"},"kind":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"discovery":{"enum":["vcs"]},"pathspec":{"type":"string","maxLength":1024,"pattern":"^:\\(glob\\).+$"},"required":{"type":"boolean"}}};
const pattern82 = new RegExp("^:\\(glob\\).+$", "u");

function validate39(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/knowledge-sources.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate39.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.sources === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sources"},message:"must have required property '"+"sources"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "version") || (key0 === "sources"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.version !== undefined){
if(1 !== data.version){
const err3 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.sources !== undefined){
let data1 = data.sources;
if(Array.isArray(data1)){
if(data1.length > 256){
const err4 = {instancePath:instancePath+"/sources",schemaPath:"#/properties/sources/maxItems",keyword:"maxItems",params:{limit: 256},message:"must NOT have more than 256 items"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.id === undefined){
const err5 = {instancePath:instancePath+"/sources/" + i0,schemaPath:"#/$defs/Source/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data2.kind === undefined){
const err6 = {instancePath:instancePath+"/sources/" + i0,schemaPath:"#/$defs/Source/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data2.discovery === undefined){
const err7 = {instancePath:instancePath+"/sources/" + i0,schemaPath:"#/$defs/Source/required",keyword:"required",params:{missingProperty: "discovery"},message:"must have required property '"+"discovery"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data2.pathspec === undefined){
const err8 = {instancePath:instancePath+"/sources/" + i0,schemaPath:"#/$defs/Source/required",keyword:"required",params:{missingProperty: "pathspec"},message:"must have required property '"+"pathspec"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data2.required === undefined){
const err9 = {instancePath:instancePath+"/sources/" + i0,schemaPath:"#/$defs/Source/required",keyword:"required",params:{missingProperty: "required"},message:"must have required property '"+"required"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key1 in data2){
if(!(((((key1 === "id") || (key1 === "kind")) || (key1 === "discovery")) || (key1 === "pathspec")) || (key1 === "required"))){
const err10 = {instancePath:instancePath+"/sources/" + i0,schemaPath:"#/$defs/Source/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data2.id !== undefined){
let data3 = data2.id;
if(typeof data3 === "string"){
if(func1(data3) > 64){
const err11 = {instancePath:instancePath+"/sources/" + i0+"/id",schemaPath:"#/$defs/Source/properties/id/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!pattern46.test(data3)){
const err12 = {instancePath:instancePath+"/sources/" + i0+"/id",schemaPath:"#/$defs/Source/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_-]*$"+"\""};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/sources/" + i0+"/id",schemaPath:"#/$defs/Source/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data2.kind !== undefined){
let data4 = data2.kind;
if(typeof data4 === "string"){
if(func1(data4) > 64){
const err14 = {instancePath:instancePath+"/sources/" + i0+"/kind",schemaPath:"#/$defs/Source/properties/kind/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(!pattern23.test(data4)){
const err15 = {instancePath:instancePath+"/sources/" + i0+"/kind",schemaPath:"#/$defs/Source/properties/kind/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/sources/" + i0+"/kind",schemaPath:"#/$defs/Source/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data2.discovery !== undefined){
if(!(data2.discovery === "vcs")){
const err17 = {instancePath:instancePath+"/sources/" + i0+"/discovery",schemaPath:"#/$defs/Source/properties/discovery/enum",keyword:"enum",params:{allowedValues: schema85.properties.discovery.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data2.pathspec !== undefined){
let data6 = data2.pathspec;
if(typeof data6 === "string"){
if(func1(data6) > 1024){
const err18 = {instancePath:instancePath+"/sources/" + i0+"/pathspec",schemaPath:"#/$defs/Source/properties/pathspec/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(!pattern82.test(data6)){
const err19 = {instancePath:instancePath+"/sources/" + i0+"/pathspec",schemaPath:"#/$defs/Source/properties/pathspec/pattern",keyword:"pattern",params:{pattern: "^:\\(glob\\).+$"},message:"must match pattern \""+"^:\\(glob\\).+$"+"\""};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/sources/" + i0+"/pathspec",schemaPath:"#/$defs/Source/properties/pathspec/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data2.required !== undefined){
if(typeof data2.required !== "boolean"){
const err21 = {instancePath:instancePath+"/sources/" + i0+"/required",schemaPath:"#/$defs/Source/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/sources/" + i0,schemaPath:"#/$defs/Source/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/sources",schemaPath:"#/properties/sources/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate39.errors = vErrors;
return errors === 0;
}
validate39.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const telemetry = validate40;
const schema86 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/telemetry.v1.schema.json","type":"object","additionalProperties":false,"required":["schema","kind","task_id","recorded_at","facts"],"properties":{"schema":{"const":"telemetry/v1"},"kind":{"const":"telemetry"},"task_id":{"type":"string","pattern":"^t-[0-9]{8}-?[0-9]{6}-[0-9a-f]{4}$","maxLength":32},"session_id":{"type":"string","pattern":"^s-[0-9]{14}-[0-9a-f]{4}$","maxLength":32},"recorded_at":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$","maxLength":20},"facts":{"type":"object","additionalProperties":false,"required":["input_uncached_tokens","cache_write_tokens","cache_read_tokens","output_tokens","reasoning_tokens","requests","tool_calls","cost_microusd"],"properties":{"input_uncached_tokens":{"$ref":"#/$defs/Fact"},"cache_write_tokens":{"$ref":"#/$defs/Fact"},"cache_read_tokens":{"$ref":"#/$defs/Fact"},"output_tokens":{"$ref":"#/$defs/Fact"},"reasoning_tokens":{"$ref":"#/$defs/Fact"},"requests":{"$ref":"#/$defs/Fact"},"tool_calls":{"$ref":"#/$defs/Fact"},"cost_microusd":{"$ref":"#/$defs/Fact"}}}},"$defs":{"Fact":{"type":"object","additionalProperties":false,"required":["reporter"],"properties":{"value":{"type":"integer","minimum":0},"not_reported":{"type":"string","minLength":1,"maxLength":500},"reporter":{"type":"string","minLength":1,"maxLength":200}}}}};
const schema87 = {"type":"object","additionalProperties":false,"required":["reporter"],"properties":{"value":{"type":"integer","minimum":0},"not_reported":{"type":"string","minLength":1,"maxLength":500},"reporter":{"type":"string","minLength":1,"maxLength":200}}};
const pattern84 = new RegExp("^s-[0-9]{14}-[0-9a-f]{4}$", "u");

function validate40(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/telemetry.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate40.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schema === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema"},message:"must have required property '"+"schema"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.kind === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.task_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "task_id"},message:"must have required property '"+"task_id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.recorded_at === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "recorded_at"},message:"must have required property '"+"recorded_at"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.facts === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "facts"},message:"must have required property '"+"facts"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "schema") || (key0 === "kind")) || (key0 === "task_id")) || (key0 === "session_id")) || (key0 === "recorded_at")) || (key0 === "facts"))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.schema !== undefined){
if("telemetry/v1" !== data.schema){
const err6 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/const",keyword:"const",params:{allowedValue: "telemetry/v1"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.kind !== undefined){
if("telemetry" !== data.kind){
const err7 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "telemetry"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.task_id !== undefined){
let data2 = data.task_id;
if(typeof data2 === "string"){
if(func1(data2) > 32){
const err8 = {instancePath:instancePath+"/task_id",schemaPath:"#/properties/task_id/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!pattern67.test(data2)){
const err9 = {instancePath:instancePath+"/task_id",schemaPath:"#/properties/task_id/pattern",keyword:"pattern",params:{pattern: "^t-[0-9]{8}-?[0-9]{6}-[0-9a-f]{4}$"},message:"must match pattern \""+"^t-[0-9]{8}-?[0-9]{6}-[0-9a-f]{4}$"+"\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/task_id",schemaPath:"#/properties/task_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.session_id !== undefined){
let data3 = data.session_id;
if(typeof data3 === "string"){
if(func1(data3) > 32){
const err11 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!pattern84.test(data3)){
const err12 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/pattern",keyword:"pattern",params:{pattern: "^s-[0-9]{14}-[0-9a-f]{4}$"},message:"must match pattern \""+"^s-[0-9]{14}-[0-9a-f]{4}$"+"\""};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.recorded_at !== undefined){
let data4 = data.recorded_at;
if(typeof data4 === "string"){
if(func1(data4) > 20){
const err14 = {instancePath:instancePath+"/recorded_at",schemaPath:"#/properties/recorded_at/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(!pattern70.test(data4)){
const err15 = {instancePath:instancePath+"/recorded_at",schemaPath:"#/properties/recorded_at/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"+"\""};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/recorded_at",schemaPath:"#/properties/recorded_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.facts !== undefined){
let data5 = data.facts;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.input_uncached_tokens === undefined){
const err17 = {instancePath:instancePath+"/facts",schemaPath:"#/properties/facts/required",keyword:"required",params:{missingProperty: "input_uncached_tokens"},message:"must have required property '"+"input_uncached_tokens"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data5.cache_write_tokens === undefined){
const err18 = {instancePath:instancePath+"/facts",schemaPath:"#/properties/facts/required",keyword:"required",params:{missingProperty: "cache_write_tokens"},message:"must have required property '"+"cache_write_tokens"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data5.cache_read_tokens === undefined){
const err19 = {instancePath:instancePath+"/facts",schemaPath:"#/properties/facts/required",keyword:"required",params:{missingProperty: "cache_read_tokens"},message:"must have required property '"+"cache_read_tokens"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data5.output_tokens === undefined){
const err20 = {instancePath:instancePath+"/facts",schemaPath:"#/properties/facts/required",keyword:"required",params:{missingProperty: "output_tokens"},message:"must have required property '"+"output_tokens"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data5.reasoning_tokens === undefined){
const err21 = {instancePath:instancePath+"/facts",schemaPath:"#/properties/facts/required",keyword:"required",params:{missingProperty: "reasoning_tokens"},message:"must have required property '"+"reasoning_tokens"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data5.requests === undefined){
const err22 = {instancePath:instancePath+"/facts",schemaPath:"#/properties/facts/required",keyword:"required",params:{missingProperty: "requests"},message:"must have required property '"+"requests"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data5.tool_calls === undefined){
const err23 = {instancePath:instancePath+"/facts",schemaPath:"#/properties/facts/required",keyword:"required",params:{missingProperty: "tool_calls"},message:"must have required property '"+"tool_calls"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data5.cost_microusd === undefined){
const err24 = {instancePath:instancePath+"/facts",schemaPath:"#/properties/facts/required",keyword:"required",params:{missingProperty: "cost_microusd"},message:"must have required property '"+"cost_microusd"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
for(const key1 in data5){
if(!((((((((key1 === "input_uncached_tokens") || (key1 === "cache_write_tokens")) || (key1 === "cache_read_tokens")) || (key1 === "output_tokens")) || (key1 === "reasoning_tokens")) || (key1 === "requests")) || (key1 === "tool_calls")) || (key1 === "cost_microusd"))){
const err25 = {instancePath:instancePath+"/facts",schemaPath:"#/properties/facts/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data5.input_uncached_tokens !== undefined){
let data6 = data5.input_uncached_tokens;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.reporter === undefined){
const err26 = {instancePath:instancePath+"/facts/input_uncached_tokens",schemaPath:"#/$defs/Fact/required",keyword:"required",params:{missingProperty: "reporter"},message:"must have required property '"+"reporter"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
for(const key2 in data6){
if(!(((key2 === "value") || (key2 === "not_reported")) || (key2 === "reporter"))){
const err27 = {instancePath:instancePath+"/facts/input_uncached_tokens",schemaPath:"#/$defs/Fact/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data6.value !== undefined){
let data7 = data6.value;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err28 = {instancePath:instancePath+"/facts/input_uncached_tokens/value",schemaPath:"#/$defs/Fact/properties/value/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 0 || isNaN(data7)){
const err29 = {instancePath:instancePath+"/facts/input_uncached_tokens/value",schemaPath:"#/$defs/Fact/properties/value/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
if(data6.not_reported !== undefined){
let data8 = data6.not_reported;
if(typeof data8 === "string"){
if(func1(data8) > 500){
const err30 = {instancePath:instancePath+"/facts/input_uncached_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(func1(data8) < 1){
const err31 = {instancePath:instancePath+"/facts/input_uncached_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/facts/input_uncached_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data6.reporter !== undefined){
let data9 = data6.reporter;
if(typeof data9 === "string"){
if(func1(data9) > 200){
const err33 = {instancePath:instancePath+"/facts/input_uncached_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(func1(data9) < 1){
const err34 = {instancePath:instancePath+"/facts/input_uncached_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/facts/input_uncached_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/facts/input_uncached_tokens",schemaPath:"#/$defs/Fact/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data5.cache_write_tokens !== undefined){
let data10 = data5.cache_write_tokens;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.reporter === undefined){
const err37 = {instancePath:instancePath+"/facts/cache_write_tokens",schemaPath:"#/$defs/Fact/required",keyword:"required",params:{missingProperty: "reporter"},message:"must have required property '"+"reporter"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
for(const key3 in data10){
if(!(((key3 === "value") || (key3 === "not_reported")) || (key3 === "reporter"))){
const err38 = {instancePath:instancePath+"/facts/cache_write_tokens",schemaPath:"#/$defs/Fact/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data10.value !== undefined){
let data11 = data10.value;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err39 = {instancePath:instancePath+"/facts/cache_write_tokens/value",schemaPath:"#/$defs/Fact/properties/value/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 0 || isNaN(data11)){
const err40 = {instancePath:instancePath+"/facts/cache_write_tokens/value",schemaPath:"#/$defs/Fact/properties/value/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
if(data10.not_reported !== undefined){
let data12 = data10.not_reported;
if(typeof data12 === "string"){
if(func1(data12) > 500){
const err41 = {instancePath:instancePath+"/facts/cache_write_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if(func1(data12) < 1){
const err42 = {instancePath:instancePath+"/facts/cache_write_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/facts/cache_write_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data10.reporter !== undefined){
let data13 = data10.reporter;
if(typeof data13 === "string"){
if(func1(data13) > 200){
const err44 = {instancePath:instancePath+"/facts/cache_write_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(func1(data13) < 1){
const err45 = {instancePath:instancePath+"/facts/cache_write_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/facts/cache_write_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath:instancePath+"/facts/cache_write_tokens",schemaPath:"#/$defs/Fact/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data5.cache_read_tokens !== undefined){
let data14 = data5.cache_read_tokens;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.reporter === undefined){
const err48 = {instancePath:instancePath+"/facts/cache_read_tokens",schemaPath:"#/$defs/Fact/required",keyword:"required",params:{missingProperty: "reporter"},message:"must have required property '"+"reporter"+"'"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
for(const key4 in data14){
if(!(((key4 === "value") || (key4 === "not_reported")) || (key4 === "reporter"))){
const err49 = {instancePath:instancePath+"/facts/cache_read_tokens",schemaPath:"#/$defs/Fact/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data14.value !== undefined){
let data15 = data14.value;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err50 = {instancePath:instancePath+"/facts/cache_read_tokens/value",schemaPath:"#/$defs/Fact/properties/value/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 < 0 || isNaN(data15)){
const err51 = {instancePath:instancePath+"/facts/cache_read_tokens/value",schemaPath:"#/$defs/Fact/properties/value/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
if(data14.not_reported !== undefined){
let data16 = data14.not_reported;
if(typeof data16 === "string"){
if(func1(data16) > 500){
const err52 = {instancePath:instancePath+"/facts/cache_read_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(func1(data16) < 1){
const err53 = {instancePath:instancePath+"/facts/cache_read_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/facts/cache_read_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data14.reporter !== undefined){
let data17 = data14.reporter;
if(typeof data17 === "string"){
if(func1(data17) > 200){
const err55 = {instancePath:instancePath+"/facts/cache_read_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(func1(data17) < 1){
const err56 = {instancePath:instancePath+"/facts/cache_read_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
else {
const err57 = {instancePath:instancePath+"/facts/cache_read_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
}
else {
const err58 = {instancePath:instancePath+"/facts/cache_read_tokens",schemaPath:"#/$defs/Fact/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data5.output_tokens !== undefined){
let data18 = data5.output_tokens;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.reporter === undefined){
const err59 = {instancePath:instancePath+"/facts/output_tokens",schemaPath:"#/$defs/Fact/required",keyword:"required",params:{missingProperty: "reporter"},message:"must have required property '"+"reporter"+"'"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
for(const key5 in data18){
if(!(((key5 === "value") || (key5 === "not_reported")) || (key5 === "reporter"))){
const err60 = {instancePath:instancePath+"/facts/output_tokens",schemaPath:"#/$defs/Fact/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data18.value !== undefined){
let data19 = data18.value;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err61 = {instancePath:instancePath+"/facts/output_tokens/value",schemaPath:"#/$defs/Fact/properties/value/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 < 0 || isNaN(data19)){
const err62 = {instancePath:instancePath+"/facts/output_tokens/value",schemaPath:"#/$defs/Fact/properties/value/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
}
if(data18.not_reported !== undefined){
let data20 = data18.not_reported;
if(typeof data20 === "string"){
if(func1(data20) > 500){
const err63 = {instancePath:instancePath+"/facts/output_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if(func1(data20) < 1){
const err64 = {instancePath:instancePath+"/facts/output_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
else {
const err65 = {instancePath:instancePath+"/facts/output_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data18.reporter !== undefined){
let data21 = data18.reporter;
if(typeof data21 === "string"){
if(func1(data21) > 200){
const err66 = {instancePath:instancePath+"/facts/output_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
if(func1(data21) < 1){
const err67 = {instancePath:instancePath+"/facts/output_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
else {
const err68 = {instancePath:instancePath+"/facts/output_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
}
else {
const err69 = {instancePath:instancePath+"/facts/output_tokens",schemaPath:"#/$defs/Fact/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data5.reasoning_tokens !== undefined){
let data22 = data5.reasoning_tokens;
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
if(data22.reporter === undefined){
const err70 = {instancePath:instancePath+"/facts/reasoning_tokens",schemaPath:"#/$defs/Fact/required",keyword:"required",params:{missingProperty: "reporter"},message:"must have required property '"+"reporter"+"'"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
for(const key6 in data22){
if(!(((key6 === "value") || (key6 === "not_reported")) || (key6 === "reporter"))){
const err71 = {instancePath:instancePath+"/facts/reasoning_tokens",schemaPath:"#/$defs/Fact/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data22.value !== undefined){
let data23 = data22.value;
if(!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))){
const err72 = {instancePath:instancePath+"/facts/reasoning_tokens/value",schemaPath:"#/$defs/Fact/properties/value/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 < 0 || isNaN(data23)){
const err73 = {instancePath:instancePath+"/facts/reasoning_tokens/value",schemaPath:"#/$defs/Fact/properties/value/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
}
if(data22.not_reported !== undefined){
let data24 = data22.not_reported;
if(typeof data24 === "string"){
if(func1(data24) > 500){
const err74 = {instancePath:instancePath+"/facts/reasoning_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if(func1(data24) < 1){
const err75 = {instancePath:instancePath+"/facts/reasoning_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
else {
const err76 = {instancePath:instancePath+"/facts/reasoning_tokens/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data22.reporter !== undefined){
let data25 = data22.reporter;
if(typeof data25 === "string"){
if(func1(data25) > 200){
const err77 = {instancePath:instancePath+"/facts/reasoning_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
if(func1(data25) < 1){
const err78 = {instancePath:instancePath+"/facts/reasoning_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
else {
const err79 = {instancePath:instancePath+"/facts/reasoning_tokens/reporter",schemaPath:"#/$defs/Fact/properties/reporter/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
}
else {
const err80 = {instancePath:instancePath+"/facts/reasoning_tokens",schemaPath:"#/$defs/Fact/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
if(data5.requests !== undefined){
let data26 = data5.requests;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
if(data26.reporter === undefined){
const err81 = {instancePath:instancePath+"/facts/requests",schemaPath:"#/$defs/Fact/required",keyword:"required",params:{missingProperty: "reporter"},message:"must have required property '"+"reporter"+"'"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
for(const key7 in data26){
if(!(((key7 === "value") || (key7 === "not_reported")) || (key7 === "reporter"))){
const err82 = {instancePath:instancePath+"/facts/requests",schemaPath:"#/$defs/Fact/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
if(data26.value !== undefined){
let data27 = data26.value;
if(!(((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27))) && (isFinite(data27)))){
const err83 = {instancePath:instancePath+"/facts/requests/value",schemaPath:"#/$defs/Fact/properties/value/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
if((typeof data27 == "number") && (isFinite(data27))){
if(data27 < 0 || isNaN(data27)){
const err84 = {instancePath:instancePath+"/facts/requests/value",schemaPath:"#/$defs/Fact/properties/value/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
}
if(data26.not_reported !== undefined){
let data28 = data26.not_reported;
if(typeof data28 === "string"){
if(func1(data28) > 500){
const err85 = {instancePath:instancePath+"/facts/requests/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
if(func1(data28) < 1){
const err86 = {instancePath:instancePath+"/facts/requests/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
else {
const err87 = {instancePath:instancePath+"/facts/requests/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
if(data26.reporter !== undefined){
let data29 = data26.reporter;
if(typeof data29 === "string"){
if(func1(data29) > 200){
const err88 = {instancePath:instancePath+"/facts/requests/reporter",schemaPath:"#/$defs/Fact/properties/reporter/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
if(func1(data29) < 1){
const err89 = {instancePath:instancePath+"/facts/requests/reporter",schemaPath:"#/$defs/Fact/properties/reporter/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
else {
const err90 = {instancePath:instancePath+"/facts/requests/reporter",schemaPath:"#/$defs/Fact/properties/reporter/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
}
else {
const err91 = {instancePath:instancePath+"/facts/requests",schemaPath:"#/$defs/Fact/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
if(data5.tool_calls !== undefined){
let data30 = data5.tool_calls;
if(data30 && typeof data30 == "object" && !Array.isArray(data30)){
if(data30.reporter === undefined){
const err92 = {instancePath:instancePath+"/facts/tool_calls",schemaPath:"#/$defs/Fact/required",keyword:"required",params:{missingProperty: "reporter"},message:"must have required property '"+"reporter"+"'"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
for(const key8 in data30){
if(!(((key8 === "value") || (key8 === "not_reported")) || (key8 === "reporter"))){
const err93 = {instancePath:instancePath+"/facts/tool_calls",schemaPath:"#/$defs/Fact/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
if(data30.value !== undefined){
let data31 = data30.value;
if(!(((typeof data31 == "number") && (!(data31 % 1) && !isNaN(data31))) && (isFinite(data31)))){
const err94 = {instancePath:instancePath+"/facts/tool_calls/value",schemaPath:"#/$defs/Fact/properties/value/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
if((typeof data31 == "number") && (isFinite(data31))){
if(data31 < 0 || isNaN(data31)){
const err95 = {instancePath:instancePath+"/facts/tool_calls/value",schemaPath:"#/$defs/Fact/properties/value/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
}
if(data30.not_reported !== undefined){
let data32 = data30.not_reported;
if(typeof data32 === "string"){
if(func1(data32) > 500){
const err96 = {instancePath:instancePath+"/facts/tool_calls/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
if(func1(data32) < 1){
const err97 = {instancePath:instancePath+"/facts/tool_calls/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
else {
const err98 = {instancePath:instancePath+"/facts/tool_calls/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
if(data30.reporter !== undefined){
let data33 = data30.reporter;
if(typeof data33 === "string"){
if(func1(data33) > 200){
const err99 = {instancePath:instancePath+"/facts/tool_calls/reporter",schemaPath:"#/$defs/Fact/properties/reporter/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
if(func1(data33) < 1){
const err100 = {instancePath:instancePath+"/facts/tool_calls/reporter",schemaPath:"#/$defs/Fact/properties/reporter/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
else {
const err101 = {instancePath:instancePath+"/facts/tool_calls/reporter",schemaPath:"#/$defs/Fact/properties/reporter/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
}
else {
const err102 = {instancePath:instancePath+"/facts/tool_calls",schemaPath:"#/$defs/Fact/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
if(data5.cost_microusd !== undefined){
let data34 = data5.cost_microusd;
if(data34 && typeof data34 == "object" && !Array.isArray(data34)){
if(data34.reporter === undefined){
const err103 = {instancePath:instancePath+"/facts/cost_microusd",schemaPath:"#/$defs/Fact/required",keyword:"required",params:{missingProperty: "reporter"},message:"must have required property '"+"reporter"+"'"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
for(const key9 in data34){
if(!(((key9 === "value") || (key9 === "not_reported")) || (key9 === "reporter"))){
const err104 = {instancePath:instancePath+"/facts/cost_microusd",schemaPath:"#/$defs/Fact/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
if(data34.value !== undefined){
let data35 = data34.value;
if(!(((typeof data35 == "number") && (!(data35 % 1) && !isNaN(data35))) && (isFinite(data35)))){
const err105 = {instancePath:instancePath+"/facts/cost_microusd/value",schemaPath:"#/$defs/Fact/properties/value/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
if((typeof data35 == "number") && (isFinite(data35))){
if(data35 < 0 || isNaN(data35)){
const err106 = {instancePath:instancePath+"/facts/cost_microusd/value",schemaPath:"#/$defs/Fact/properties/value/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
}
if(data34.not_reported !== undefined){
let data36 = data34.not_reported;
if(typeof data36 === "string"){
if(func1(data36) > 500){
const err107 = {instancePath:instancePath+"/facts/cost_microusd/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
if(func1(data36) < 1){
const err108 = {instancePath:instancePath+"/facts/cost_microusd/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
else {
const err109 = {instancePath:instancePath+"/facts/cost_microusd/not_reported",schemaPath:"#/$defs/Fact/properties/not_reported/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
}
if(data34.reporter !== undefined){
let data37 = data34.reporter;
if(typeof data37 === "string"){
if(func1(data37) > 200){
const err110 = {instancePath:instancePath+"/facts/cost_microusd/reporter",schemaPath:"#/$defs/Fact/properties/reporter/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
if(func1(data37) < 1){
const err111 = {instancePath:instancePath+"/facts/cost_microusd/reporter",schemaPath:"#/$defs/Fact/properties/reporter/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
else {
const err112 = {instancePath:instancePath+"/facts/cost_microusd/reporter",schemaPath:"#/$defs/Fact/properties/reporter/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
}
}
else {
const err113 = {instancePath:instancePath+"/facts/cost_microusd",schemaPath:"#/$defs/Fact/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
}
else {
const err114 = {instancePath:instancePath+"/facts",schemaPath:"#/properties/facts/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
}
else {
const err115 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
validate40.errors = vErrors;
return errors === 0;
}
validate40.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const sessionRecord = validate41;
const schema95 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/session-record.v1.schema.json","type":"object","additionalProperties":false,"required":["schema","kind","session_id","created_at","started_at","closed_at","outcome"],"properties":{"schema":{"const":"session/v1"},"kind":{"const":"session"},"session_id":{"type":"string","pattern":"^s-[0-9]{14}-[0-9a-f]{4}$","maxLength":32},"created_at":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$","maxLength":20},"started_at":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$","maxLength":20},"closed_at":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$","maxLength":20},"outcome":{"enum":["closed","interrupted"]},"title":{"type":"string"},"task_id":{"type":"string"},"profile":{"type":"string"},"worker":{"type":"string"},"repository_id":{"type":"string","minLength":1},"worktree_id":{"type":"string","pattern":"^[0-9a-f]{8,64}$","maxLength":64},"branch":{"type":"string"},"start_head":{"type":"string","pattern":"^([0-9a-f]{40}([0-9a-f]{24})?)?$","maxLength":64},"head":{"type":"string","pattern":"^([0-9a-f]{40}([0-9a-f]{24})?)?$","maxLength":64},"start_working_tree":{"enum":["clean","dirty"]},"working_tree":{"enum":["clean","dirty"]},"commits":{"type":"array","items":{"type":"string"}},"changed_files":{"type":"array","items":{"type":"string","maxLength":4096,"pattern":"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"}},"tasks":{"type":"array","items":{"type":"string"}},"issues":{"type":"array","items":{"type":"string"}},"milestones":{"type":"array","items":{"type":"string"}},"checkpoints":{"type":"array","items":{"type":"string","maxLength":4096,"pattern":"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"}},"handovers":{"type":"array","items":{"type":"string","maxLength":4096,"pattern":"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"}},"decisions":{"type":"array","items":{"type":"string"}},"questions":{"type":"array","items":{"type":"string"}},"evidence":{"type":"array","items":{"type":"string"}},"schema_version":{"type":"integer"}}};
const pattern90 = new RegExp("^[0-9a-f]{8,64}$", "u");
const pattern91 = new RegExp("^([0-9a-f]{40}([0-9a-f]{24})?)?$", "u");

function validate41(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/session-record.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate41.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schema === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema"},message:"must have required property '"+"schema"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.kind === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.session_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "session_id"},message:"must have required property '"+"session_id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.created_at === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.started_at === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "started_at"},message:"must have required property '"+"started_at"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.closed_at === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "closed_at"},message:"must have required property '"+"closed_at"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.outcome === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "outcome"},message:"must have required property '"+"outcome"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema95.properties, key0))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.schema !== undefined){
if("session/v1" !== data.schema){
const err8 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/const",keyword:"const",params:{allowedValue: "session/v1"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.kind !== undefined){
if("session" !== data.kind){
const err9 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "session"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.session_id !== undefined){
let data2 = data.session_id;
if(typeof data2 === "string"){
if(func1(data2) > 32){
const err10 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(!pattern84.test(data2)){
const err11 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/pattern",keyword:"pattern",params:{pattern: "^s-[0-9]{14}-[0-9a-f]{4}$"},message:"must match pattern \""+"^s-[0-9]{14}-[0-9a-f]{4}$"+"\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.created_at !== undefined){
let data3 = data.created_at;
if(typeof data3 === "string"){
if(func1(data3) > 20){
const err13 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!pattern70.test(data3)){
const err14 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.started_at !== undefined){
let data4 = data.started_at;
if(typeof data4 === "string"){
if(func1(data4) > 20){
const err16 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!pattern70.test(data4)){
const err17 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"+"\""};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.closed_at !== undefined){
let data5 = data.closed_at;
if(typeof data5 === "string"){
if(func1(data5) > 20){
const err19 = {instancePath:instancePath+"/closed_at",schemaPath:"#/properties/closed_at/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(!pattern70.test(data5)){
const err20 = {instancePath:instancePath+"/closed_at",schemaPath:"#/properties/closed_at/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"+"\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/closed_at",schemaPath:"#/properties/closed_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.outcome !== undefined){
let data6 = data.outcome;
if(!((data6 === "closed") || (data6 === "interrupted"))){
const err22 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/enum",keyword:"enum",params:{allowedValues: schema95.properties.outcome.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.title !== undefined){
if(typeof data.title !== "string"){
const err23 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.task_id !== undefined){
if(typeof data.task_id !== "string"){
const err24 = {instancePath:instancePath+"/task_id",schemaPath:"#/properties/task_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.profile !== undefined){
if(typeof data.profile !== "string"){
const err25 = {instancePath:instancePath+"/profile",schemaPath:"#/properties/profile/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.worker !== undefined){
if(typeof data.worker !== "string"){
const err26 = {instancePath:instancePath+"/worker",schemaPath:"#/properties/worker/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.repository_id !== undefined){
let data11 = data.repository_id;
if(typeof data11 === "string"){
if(func1(data11) < 1){
const err27 = {instancePath:instancePath+"/repository_id",schemaPath:"#/properties/repository_id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/repository_id",schemaPath:"#/properties/repository_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.worktree_id !== undefined){
let data12 = data.worktree_id;
if(typeof data12 === "string"){
if(func1(data12) > 64){
const err29 = {instancePath:instancePath+"/worktree_id",schemaPath:"#/properties/worktree_id/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(!pattern90.test(data12)){
const err30 = {instancePath:instancePath+"/worktree_id",schemaPath:"#/properties/worktree_id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{8,64}$"},message:"must match pattern \""+"^[0-9a-f]{8,64}$"+"\""};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/worktree_id",schemaPath:"#/properties/worktree_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.branch !== undefined){
if(typeof data.branch !== "string"){
const err32 = {instancePath:instancePath+"/branch",schemaPath:"#/properties/branch/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.start_head !== undefined){
let data14 = data.start_head;
if(typeof data14 === "string"){
if(func1(data14) > 64){
const err33 = {instancePath:instancePath+"/start_head",schemaPath:"#/properties/start_head/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(!pattern91.test(data14)){
const err34 = {instancePath:instancePath+"/start_head",schemaPath:"#/properties/start_head/pattern",keyword:"pattern",params:{pattern: "^([0-9a-f]{40}([0-9a-f]{24})?)?$"},message:"must match pattern \""+"^([0-9a-f]{40}([0-9a-f]{24})?)?$"+"\""};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/start_head",schemaPath:"#/properties/start_head/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.head !== undefined){
let data15 = data.head;
if(typeof data15 === "string"){
if(func1(data15) > 64){
const err36 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(!pattern91.test(data15)){
const err37 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/pattern",keyword:"pattern",params:{pattern: "^([0-9a-f]{40}([0-9a-f]{24})?)?$"},message:"must match pattern \""+"^([0-9a-f]{40}([0-9a-f]{24})?)?$"+"\""};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.start_working_tree !== undefined){
let data16 = data.start_working_tree;
if(!((data16 === "clean") || (data16 === "dirty"))){
const err39 = {instancePath:instancePath+"/start_working_tree",schemaPath:"#/properties/start_working_tree/enum",keyword:"enum",params:{allowedValues: schema95.properties.start_working_tree.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.working_tree !== undefined){
let data17 = data.working_tree;
if(!((data17 === "clean") || (data17 === "dirty"))){
const err40 = {instancePath:instancePath+"/working_tree",schemaPath:"#/properties/working_tree/enum",keyword:"enum",params:{allowedValues: schema95.properties.working_tree.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.commits !== undefined){
let data18 = data.commits;
if(Array.isArray(data18)){
const len0 = data18.length;
for(let i0=0; i0<len0; i0++){
if(typeof data18[i0] !== "string"){
const err41 = {instancePath:instancePath+"/commits/" + i0,schemaPath:"#/properties/commits/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath:instancePath+"/commits",schemaPath:"#/properties/commits/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.changed_files !== undefined){
let data20 = data.changed_files;
if(Array.isArray(data20)){
const len1 = data20.length;
for(let i1=0; i1<len1; i1++){
let data21 = data20[i1];
if(typeof data21 === "string"){
if(func1(data21) > 4096){
const err43 = {instancePath:instancePath+"/changed_files/" + i1,schemaPath:"#/properties/changed_files/items/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(!pattern69.test(data21)){
const err44 = {instancePath:instancePath+"/changed_files/" + i1,schemaPath:"#/properties/changed_files/items/pattern",keyword:"pattern",params:{pattern: "^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"},message:"must match pattern \""+"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
else {
const err45 = {instancePath:instancePath+"/changed_files/" + i1,schemaPath:"#/properties/changed_files/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
else {
const err46 = {instancePath:instancePath+"/changed_files",schemaPath:"#/properties/changed_files/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data.tasks !== undefined){
let data22 = data.tasks;
if(Array.isArray(data22)){
const len2 = data22.length;
for(let i2=0; i2<len2; i2++){
if(typeof data22[i2] !== "string"){
const err47 = {instancePath:instancePath+"/tasks/" + i2,schemaPath:"#/properties/tasks/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
else {
const err48 = {instancePath:instancePath+"/tasks",schemaPath:"#/properties/tasks/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data.issues !== undefined){
let data24 = data.issues;
if(Array.isArray(data24)){
const len3 = data24.length;
for(let i3=0; i3<len3; i3++){
if(typeof data24[i3] !== "string"){
const err49 = {instancePath:instancePath+"/issues/" + i3,schemaPath:"#/properties/issues/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
else {
const err50 = {instancePath:instancePath+"/issues",schemaPath:"#/properties/issues/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.milestones !== undefined){
let data26 = data.milestones;
if(Array.isArray(data26)){
const len4 = data26.length;
for(let i4=0; i4<len4; i4++){
if(typeof data26[i4] !== "string"){
const err51 = {instancePath:instancePath+"/milestones/" + i4,schemaPath:"#/properties/milestones/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
else {
const err52 = {instancePath:instancePath+"/milestones",schemaPath:"#/properties/milestones/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.checkpoints !== undefined){
let data28 = data.checkpoints;
if(Array.isArray(data28)){
const len5 = data28.length;
for(let i5=0; i5<len5; i5++){
let data29 = data28[i5];
if(typeof data29 === "string"){
if(func1(data29) > 4096){
const err53 = {instancePath:instancePath+"/checkpoints/" + i5,schemaPath:"#/properties/checkpoints/items/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if(!pattern69.test(data29)){
const err54 = {instancePath:instancePath+"/checkpoints/" + i5,schemaPath:"#/properties/checkpoints/items/pattern",keyword:"pattern",params:{pattern: "^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"},message:"must match pattern \""+"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
else {
const err55 = {instancePath:instancePath+"/checkpoints/" + i5,schemaPath:"#/properties/checkpoints/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
else {
const err56 = {instancePath:instancePath+"/checkpoints",schemaPath:"#/properties/checkpoints/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data.handovers !== undefined){
let data30 = data.handovers;
if(Array.isArray(data30)){
const len6 = data30.length;
for(let i6=0; i6<len6; i6++){
let data31 = data30[i6];
if(typeof data31 === "string"){
if(func1(data31) > 4096){
const err57 = {instancePath:instancePath+"/handovers/" + i6,schemaPath:"#/properties/handovers/items/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if(!pattern69.test(data31)){
const err58 = {instancePath:instancePath+"/handovers/" + i6,schemaPath:"#/properties/handovers/items/pattern",keyword:"pattern",params:{pattern: "^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"},message:"must match pattern \""+"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
else {
const err59 = {instancePath:instancePath+"/handovers/" + i6,schemaPath:"#/properties/handovers/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
}
else {
const err60 = {instancePath:instancePath+"/handovers",schemaPath:"#/properties/handovers/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data.decisions !== undefined){
let data32 = data.decisions;
if(Array.isArray(data32)){
const len7 = data32.length;
for(let i7=0; i7<len7; i7++){
if(typeof data32[i7] !== "string"){
const err61 = {instancePath:instancePath+"/decisions/" + i7,schemaPath:"#/properties/decisions/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
else {
const err62 = {instancePath:instancePath+"/decisions",schemaPath:"#/properties/decisions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data.questions !== undefined){
let data34 = data.questions;
if(Array.isArray(data34)){
const len8 = data34.length;
for(let i8=0; i8<len8; i8++){
if(typeof data34[i8] !== "string"){
const err63 = {instancePath:instancePath+"/questions/" + i8,schemaPath:"#/properties/questions/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
else {
const err64 = {instancePath:instancePath+"/questions",schemaPath:"#/properties/questions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data.evidence !== undefined){
let data36 = data.evidence;
if(Array.isArray(data36)){
const len9 = data36.length;
for(let i9=0; i9<len9; i9++){
if(typeof data36[i9] !== "string"){
const err65 = {instancePath:instancePath+"/evidence/" + i9,schemaPath:"#/properties/evidence/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
}
else {
const err66 = {instancePath:instancePath+"/evidence",schemaPath:"#/properties/evidence/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data.schema_version !== undefined){
let data38 = data.schema_version;
if(!(((typeof data38 == "number") && (!(data38 % 1) && !isNaN(data38))) && (isFinite(data38)))){
const err67 = {instancePath:instancePath+"/schema_version",schemaPath:"#/properties/schema_version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
}
else {
const err68 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
validate41.errors = vErrors;
return errors === 0;
}
validate41.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const session = validate42;
const schema96 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/session.v1.schema.json","type":"object","additionalProperties":false,"required":["session_id","started_at","owner","repository_id","worktree","branch","start_head","start_working_tree"],"properties":{"session_id":{"type":"string","pattern":"^s-[0-9]{14}-[0-9a-f]{4}$","maxLength":32},"started_at":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$","maxLength":20},"owner":{"type":"string","minLength":1},"worker":{"type":"string"},"provider":{"type":"string"},"provider_session":{"type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$","maxLength":128},"forked_from":{"type":"string","pattern":"^s-[0-9]{14}-[0-9a-f]{4}$","maxLength":32},"repository_id":{"type":"string"},"worktree":{"type":"string","minLength":1},"branch":{"type":"string"},"start_head":{"type":"string","pattern":"^([0-9a-f]{40}([0-9a-f]{24})?)?$","maxLength":64},"start_working_tree":{"enum":["clean","dirty"]}}};
const pattern98 = new RegExp("^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$", "u");

function validate42(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/session.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate42.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.session_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "session_id"},message:"must have required property '"+"session_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.started_at === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "started_at"},message:"must have required property '"+"started_at"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.owner === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "owner"},message:"must have required property '"+"owner"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.repository_id === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "repository_id"},message:"must have required property '"+"repository_id"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.worktree === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "worktree"},message:"must have required property '"+"worktree"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.branch === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "branch"},message:"must have required property '"+"branch"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.start_head === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "start_head"},message:"must have required property '"+"start_head"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.start_working_tree === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "start_working_tree"},message:"must have required property '"+"start_working_tree"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema96.properties, key0))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.session_id !== undefined){
let data0 = data.session_id;
if(typeof data0 === "string"){
if(func1(data0) > 32){
const err9 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!pattern84.test(data0)){
const err10 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/pattern",keyword:"pattern",params:{pattern: "^s-[0-9]{14}-[0-9a-f]{4}$"},message:"must match pattern \""+"^s-[0-9]{14}-[0-9a-f]{4}$"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.started_at !== undefined){
let data1 = data.started_at;
if(typeof data1 === "string"){
if(func1(data1) > 20){
const err12 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!pattern70.test(data1)){
const err13 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"+"\""};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.owner !== undefined){
let data2 = data.owner;
if(typeof data2 === "string"){
if(func1(data2) < 1){
const err15 = {instancePath:instancePath+"/owner",schemaPath:"#/properties/owner/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/owner",schemaPath:"#/properties/owner/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.worker !== undefined){
if(typeof data.worker !== "string"){
const err17 = {instancePath:instancePath+"/worker",schemaPath:"#/properties/worker/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.provider !== undefined){
if(typeof data.provider !== "string"){
const err18 = {instancePath:instancePath+"/provider",schemaPath:"#/properties/provider/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.provider_session !== undefined){
let data5 = data.provider_session;
if(typeof data5 === "string"){
if(func1(data5) > 128){
const err19 = {instancePath:instancePath+"/provider_session",schemaPath:"#/properties/provider_session/maxLength",keyword:"maxLength",params:{limit: 128},message:"must NOT have more than 128 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(!pattern98.test(data5)){
const err20 = {instancePath:instancePath+"/provider_session",schemaPath:"#/properties/provider_session/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"},message:"must match pattern \""+"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"+"\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/provider_session",schemaPath:"#/properties/provider_session/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.forked_from !== undefined){
let data6 = data.forked_from;
if(typeof data6 === "string"){
if(func1(data6) > 32){
const err22 = {instancePath:instancePath+"/forked_from",schemaPath:"#/properties/forked_from/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(!pattern84.test(data6)){
const err23 = {instancePath:instancePath+"/forked_from",schemaPath:"#/properties/forked_from/pattern",keyword:"pattern",params:{pattern: "^s-[0-9]{14}-[0-9a-f]{4}$"},message:"must match pattern \""+"^s-[0-9]{14}-[0-9a-f]{4}$"+"\""};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/forked_from",schemaPath:"#/properties/forked_from/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.repository_id !== undefined){
if(typeof data.repository_id !== "string"){
const err25 = {instancePath:instancePath+"/repository_id",schemaPath:"#/properties/repository_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.worktree !== undefined){
let data8 = data.worktree;
if(typeof data8 === "string"){
if(func1(data8) < 1){
const err26 = {instancePath:instancePath+"/worktree",schemaPath:"#/properties/worktree/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/worktree",schemaPath:"#/properties/worktree/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.branch !== undefined){
if(typeof data.branch !== "string"){
const err28 = {instancePath:instancePath+"/branch",schemaPath:"#/properties/branch/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.start_head !== undefined){
let data10 = data.start_head;
if(typeof data10 === "string"){
if(func1(data10) > 64){
const err29 = {instancePath:instancePath+"/start_head",schemaPath:"#/properties/start_head/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(!pattern91.test(data10)){
const err30 = {instancePath:instancePath+"/start_head",schemaPath:"#/properties/start_head/pattern",keyword:"pattern",params:{pattern: "^([0-9a-f]{40}([0-9a-f]{24})?)?$"},message:"must match pattern \""+"^([0-9a-f]{40}([0-9a-f]{24})?)?$"+"\""};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/start_head",schemaPath:"#/properties/start_head/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.start_working_tree !== undefined){
let data11 = data.start_working_tree;
if(!((data11 === "clean") || (data11 === "dirty"))){
const err32 = {instancePath:instancePath+"/start_working_tree",schemaPath:"#/properties/start_working_tree/enum",keyword:"enum",params:{allowedValues: schema96.properties.start_working_tree.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
validate42.errors = vErrors;
return errors === 0;
}
validate42.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const sessionContext = validate43;
const schema97 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/session-context.v1.schema.json","type":"object","additionalProperties":false,"required":["schema","kind","session_id","opened_at","opened_by","branch","head","task_id","profile"],"properties":{"schema":{"const":"session-context/v1"},"kind":{"const":"session-context"},"session_id":{"type":"string","pattern":"^s-[0-9]{14}-[0-9a-f]{4}$","maxLength":32},"opened_at":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$","maxLength":20},"opened_by":{"enum":["hook","hand"]},"provider":{"type":"string"},"provider_session":{"type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$","maxLength":128},"forked_from":{"type":"string","pattern":"^s-[0-9]{14}-[0-9a-f]{4}$","maxLength":32},"branch":{"type":"string"},"head":{"type":"string","pattern":"^([0-9a-f]{40}([0-9a-f]{24})?)?$","maxLength":64},"task_id":{"type":"string","minLength":1},"profile":{"type":"string","minLength":1},"worker":{"type":"string"}}};

function validate43(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/session-context.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate43.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schema === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema"},message:"must have required property '"+"schema"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.kind === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.session_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "session_id"},message:"must have required property '"+"session_id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.opened_at === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "opened_at"},message:"must have required property '"+"opened_at"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.opened_by === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "opened_by"},message:"must have required property '"+"opened_by"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.branch === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "branch"},message:"must have required property '"+"branch"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.head === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "head"},message:"must have required property '"+"head"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.task_id === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "task_id"},message:"must have required property '"+"task_id"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.profile === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "profile"},message:"must have required property '"+"profile"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema97.properties, key0))){
const err9 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.schema !== undefined){
if("session-context/v1" !== data.schema){
const err10 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/const",keyword:"const",params:{allowedValue: "session-context/v1"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.kind !== undefined){
if("session-context" !== data.kind){
const err11 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "session-context"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.session_id !== undefined){
let data2 = data.session_id;
if(typeof data2 === "string"){
if(func1(data2) > 32){
const err12 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!pattern84.test(data2)){
const err13 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/pattern",keyword:"pattern",params:{pattern: "^s-[0-9]{14}-[0-9a-f]{4}$"},message:"must match pattern \""+"^s-[0-9]{14}-[0-9a-f]{4}$"+"\""};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.opened_at !== undefined){
let data3 = data.opened_at;
if(typeof data3 === "string"){
if(func1(data3) > 20){
const err15 = {instancePath:instancePath+"/opened_at",schemaPath:"#/properties/opened_at/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(!pattern70.test(data3)){
const err16 = {instancePath:instancePath+"/opened_at",schemaPath:"#/properties/opened_at/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"+"\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/opened_at",schemaPath:"#/properties/opened_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.opened_by !== undefined){
let data4 = data.opened_by;
if(!((data4 === "hook") || (data4 === "hand"))){
const err18 = {instancePath:instancePath+"/opened_by",schemaPath:"#/properties/opened_by/enum",keyword:"enum",params:{allowedValues: schema97.properties.opened_by.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.provider !== undefined){
if(typeof data.provider !== "string"){
const err19 = {instancePath:instancePath+"/provider",schemaPath:"#/properties/provider/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.provider_session !== undefined){
let data6 = data.provider_session;
if(typeof data6 === "string"){
if(func1(data6) > 128){
const err20 = {instancePath:instancePath+"/provider_session",schemaPath:"#/properties/provider_session/maxLength",keyword:"maxLength",params:{limit: 128},message:"must NOT have more than 128 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(!pattern98.test(data6)){
const err21 = {instancePath:instancePath+"/provider_session",schemaPath:"#/properties/provider_session/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"},message:"must match pattern \""+"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"+"\""};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/provider_session",schemaPath:"#/properties/provider_session/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.forked_from !== undefined){
let data7 = data.forked_from;
if(typeof data7 === "string"){
if(func1(data7) > 32){
const err23 = {instancePath:instancePath+"/forked_from",schemaPath:"#/properties/forked_from/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(!pattern84.test(data7)){
const err24 = {instancePath:instancePath+"/forked_from",schemaPath:"#/properties/forked_from/pattern",keyword:"pattern",params:{pattern: "^s-[0-9]{14}-[0-9a-f]{4}$"},message:"must match pattern \""+"^s-[0-9]{14}-[0-9a-f]{4}$"+"\""};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/forked_from",schemaPath:"#/properties/forked_from/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.branch !== undefined){
if(typeof data.branch !== "string"){
const err26 = {instancePath:instancePath+"/branch",schemaPath:"#/properties/branch/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.head !== undefined){
let data9 = data.head;
if(typeof data9 === "string"){
if(func1(data9) > 64){
const err27 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(!pattern91.test(data9)){
const err28 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/pattern",keyword:"pattern",params:{pattern: "^([0-9a-f]{40}([0-9a-f]{24})?)?$"},message:"must match pattern \""+"^([0-9a-f]{40}([0-9a-f]{24})?)?$"+"\""};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.task_id !== undefined){
let data10 = data.task_id;
if(typeof data10 === "string"){
if(func1(data10) < 1){
const err30 = {instancePath:instancePath+"/task_id",schemaPath:"#/properties/task_id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/task_id",schemaPath:"#/properties/task_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.profile !== undefined){
let data11 = data.profile;
if(typeof data11 === "string"){
if(func1(data11) < 1){
const err32 = {instancePath:instancePath+"/profile",schemaPath:"#/properties/profile/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/profile",schemaPath:"#/properties/profile/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.worker !== undefined){
if(typeof data.worker !== "string"){
const err34 = {instancePath:instancePath+"/worker",schemaPath:"#/properties/worker/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
validate43.errors = vErrors;
return errors === 0;
}
validate43.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const handover = validate44;
const schema98 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/handover.v1.schema.json","type":"object","additionalProperties":false,"required":["schema_version","created_at","task_id","profile","owner","repository_id","worktree","branch","head","working_tree","changed_files"],"properties":{"schema_version":{"const":1},"created_at":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$","maxLength":20},"task_id":{"type":"string"},"profile":{"type":"string"},"owner":{"type":"string"},"repository_id":{"type":"string"},"worktree":{"type":"string"},"branch":{"type":"string"},"head":{"type":"string","pattern":"^([0-9a-f]{40}([0-9a-f]{24})?)?$","maxLength":64},"working_tree":{"enum":["clean","dirty"]},"changed_files":{"type":"array","items":{"type":"string","maxLength":4096,"pattern":"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"}},"changed_files_excluded":{"type":"integer","minimum":0},"changed_files_excluded_by":{"type":"array","items":{"type":"string"}}}};

function validate44(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/handover.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate44.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schema_version === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema_version"},message:"must have required property '"+"schema_version"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.created_at === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.task_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "task_id"},message:"must have required property '"+"task_id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.profile === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "profile"},message:"must have required property '"+"profile"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.owner === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "owner"},message:"must have required property '"+"owner"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.repository_id === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "repository_id"},message:"must have required property '"+"repository_id"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.worktree === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "worktree"},message:"must have required property '"+"worktree"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.branch === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "branch"},message:"must have required property '"+"branch"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.head === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "head"},message:"must have required property '"+"head"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.working_tree === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "working_tree"},message:"must have required property '"+"working_tree"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.changed_files === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "changed_files"},message:"must have required property '"+"changed_files"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema98.properties, key0))){
const err11 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.schema_version !== undefined){
if(1 !== data.schema_version){
const err12 = {instancePath:instancePath+"/schema_version",schemaPath:"#/properties/schema_version/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.created_at !== undefined){
let data1 = data.created_at;
if(typeof data1 === "string"){
if(func1(data1) > 20){
const err13 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!pattern70.test(data1)){
const err14 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.task_id !== undefined){
if(typeof data.task_id !== "string"){
const err16 = {instancePath:instancePath+"/task_id",schemaPath:"#/properties/task_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.profile !== undefined){
if(typeof data.profile !== "string"){
const err17 = {instancePath:instancePath+"/profile",schemaPath:"#/properties/profile/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.owner !== undefined){
if(typeof data.owner !== "string"){
const err18 = {instancePath:instancePath+"/owner",schemaPath:"#/properties/owner/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.repository_id !== undefined){
if(typeof data.repository_id !== "string"){
const err19 = {instancePath:instancePath+"/repository_id",schemaPath:"#/properties/repository_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.worktree !== undefined){
if(typeof data.worktree !== "string"){
const err20 = {instancePath:instancePath+"/worktree",schemaPath:"#/properties/worktree/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.branch !== undefined){
if(typeof data.branch !== "string"){
const err21 = {instancePath:instancePath+"/branch",schemaPath:"#/properties/branch/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.head !== undefined){
let data8 = data.head;
if(typeof data8 === "string"){
if(func1(data8) > 64){
const err22 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(!pattern91.test(data8)){
const err23 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/pattern",keyword:"pattern",params:{pattern: "^([0-9a-f]{40}([0-9a-f]{24})?)?$"},message:"must match pattern \""+"^([0-9a-f]{40}([0-9a-f]{24})?)?$"+"\""};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.working_tree !== undefined){
let data9 = data.working_tree;
if(!((data9 === "clean") || (data9 === "dirty"))){
const err25 = {instancePath:instancePath+"/working_tree",schemaPath:"#/properties/working_tree/enum",keyword:"enum",params:{allowedValues: schema98.properties.working_tree.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.changed_files !== undefined){
let data10 = data.changed_files;
if(Array.isArray(data10)){
const len0 = data10.length;
for(let i0=0; i0<len0; i0++){
let data11 = data10[i0];
if(typeof data11 === "string"){
if(func1(data11) > 4096){
const err26 = {instancePath:instancePath+"/changed_files/" + i0,schemaPath:"#/properties/changed_files/items/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(!pattern69.test(data11)){
const err27 = {instancePath:instancePath+"/changed_files/" + i0,schemaPath:"#/properties/changed_files/items/pattern",keyword:"pattern",params:{pattern: "^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"},message:"must match pattern \""+"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/changed_files/" + i0,schemaPath:"#/properties/changed_files/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/changed_files",schemaPath:"#/properties/changed_files/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.changed_files_excluded !== undefined){
let data12 = data.changed_files_excluded;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err30 = {instancePath:instancePath+"/changed_files_excluded",schemaPath:"#/properties/changed_files_excluded/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 0 || isNaN(data12)){
const err31 = {instancePath:instancePath+"/changed_files_excluded",schemaPath:"#/properties/changed_files_excluded/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
if(data.changed_files_excluded_by !== undefined){
let data13 = data.changed_files_excluded_by;
if(Array.isArray(data13)){
const len1 = data13.length;
for(let i1=0; i1<len1; i1++){
if(typeof data13[i1] !== "string"){
const err32 = {instancePath:instancePath+"/changed_files_excluded_by/" + i1,schemaPath:"#/properties/changed_files_excluded_by/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/changed_files_excluded_by",schemaPath:"#/properties/changed_files_excluded_by/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
validate44.errors = vErrors;
return errors === 0;
}
validate44.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const useCase = validate45;
const schema99 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/use-case.v1.schema.json","type":"object","additionalProperties":false,"required":["id","kind","title","summary","status","target","commands"],"properties":{"id":{"type":"string","minLength":1,"maxLength":200},"kind":{"const":"use-case"},"title":{"type":"string","minLength":1,"maxLength":2000,"pattern":"\\S"},"summary":{"type":"string","minLength":1,"maxLength":2000,"pattern":"\\S"},"category":{"type":"string"},"status":{"enum":["active","draft","deprecated"]},"target":{"enum":["guaranteed","advisory"]},"weight":{"type":"integer"},"actors":{"type":"array","items":{"type":"string"}},"difficulty":{"type":"string"},"commands":{"type":"array","minItems":1,"items":{"type":"string"}},"doctrines":{"type":"array","items":{"type":"string"}},"claims":{"type":"array","items":{"type":"string"}},"responsibilities":{"type":"array","items":{"type":"string"}},"applications":{"type":"array","items":{"type":"string"}}}};
const pattern109 = new RegExp("\\S", "u");

function validate45(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/use-case.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate45.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.kind === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.title === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.summary === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "summary"},message:"must have required property '"+"summary"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.status === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.target === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.commands === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "commands"},message:"must have required property '"+"commands"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema99.properties, key0))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(func1(data0) > 200){
const err8 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(func1(data0) < 1){
const err9 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.kind !== undefined){
if("use-case" !== data.kind){
const err11 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "use-case"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.title !== undefined){
let data2 = data.title;
if(typeof data2 === "string"){
if(func1(data2) > 2000){
const err12 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/maxLength",keyword:"maxLength",params:{limit: 2000},message:"must NOT have more than 2000 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func1(data2) < 1){
const err13 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!pattern109.test(data2)){
const err14 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.summary !== undefined){
let data3 = data.summary;
if(typeof data3 === "string"){
if(func1(data3) > 2000){
const err16 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/maxLength",keyword:"maxLength",params:{limit: 2000},message:"must NOT have more than 2000 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(func1(data3) < 1){
const err17 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!pattern109.test(data3)){
const err18 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\""};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.category !== undefined){
if(typeof data.category !== "string"){
const err20 = {instancePath:instancePath+"/category",schemaPath:"#/properties/category/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.status !== undefined){
let data5 = data.status;
if(!(((data5 === "active") || (data5 === "draft")) || (data5 === "deprecated"))){
const err21 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema99.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.target !== undefined){
let data6 = data.target;
if(!((data6 === "guaranteed") || (data6 === "advisory"))){
const err22 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/enum",keyword:"enum",params:{allowedValues: schema99.properties.target.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.weight !== undefined){
let data7 = data.weight;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err23 = {instancePath:instancePath+"/weight",schemaPath:"#/properties/weight/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.actors !== undefined){
let data8 = data.actors;
if(Array.isArray(data8)){
const len0 = data8.length;
for(let i0=0; i0<len0; i0++){
if(typeof data8[i0] !== "string"){
const err24 = {instancePath:instancePath+"/actors/" + i0,schemaPath:"#/properties/actors/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/actors",schemaPath:"#/properties/actors/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.difficulty !== undefined){
if(typeof data.difficulty !== "string"){
const err26 = {instancePath:instancePath+"/difficulty",schemaPath:"#/properties/difficulty/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.commands !== undefined){
let data11 = data.commands;
if(Array.isArray(data11)){
if(data11.length < 1){
const err27 = {instancePath:instancePath+"/commands",schemaPath:"#/properties/commands/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const len1 = data11.length;
for(let i1=0; i1<len1; i1++){
if(typeof data11[i1] !== "string"){
const err28 = {instancePath:instancePath+"/commands/" + i1,schemaPath:"#/properties/commands/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/commands",schemaPath:"#/properties/commands/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.doctrines !== undefined){
let data13 = data.doctrines;
if(Array.isArray(data13)){
const len2 = data13.length;
for(let i2=0; i2<len2; i2++){
if(typeof data13[i2] !== "string"){
const err30 = {instancePath:instancePath+"/doctrines/" + i2,schemaPath:"#/properties/doctrines/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
else {
const err31 = {instancePath:instancePath+"/doctrines",schemaPath:"#/properties/doctrines/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.claims !== undefined){
let data15 = data.claims;
if(Array.isArray(data15)){
const len3 = data15.length;
for(let i3=0; i3<len3; i3++){
if(typeof data15[i3] !== "string"){
const err32 = {instancePath:instancePath+"/claims/" + i3,schemaPath:"#/properties/claims/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/claims",schemaPath:"#/properties/claims/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.responsibilities !== undefined){
let data17 = data.responsibilities;
if(Array.isArray(data17)){
const len4 = data17.length;
for(let i4=0; i4<len4; i4++){
if(typeof data17[i4] !== "string"){
const err34 = {instancePath:instancePath+"/responsibilities/" + i4,schemaPath:"#/properties/responsibilities/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/responsibilities",schemaPath:"#/properties/responsibilities/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.applications !== undefined){
let data19 = data.applications;
if(Array.isArray(data19)){
const len5 = data19.length;
for(let i5=0; i5<len5; i5++){
if(typeof data19[i5] !== "string"){
const err36 = {instancePath:instancePath+"/applications/" + i5,schemaPath:"#/properties/applications/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath:instancePath+"/applications",schemaPath:"#/properties/applications/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
validate45.errors = vErrors;
return errors === 0;
}
validate45.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const useCaseScenario = validate46;
const schema100 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/use-case-scenario.v1.schema.json","type":"object","additionalProperties":false,"required":["setup","steps"],"properties":{"setup":{"type":"string","maxLength":64,"pattern":"^[a-z][a-z0-9-]*$"},"given":{"type":"array","items":{"type":"string"}},"steps":{"type":"array","minItems":1,"items":{"$ref":"#/$defs/Step"}},"then":{"type":"array","items":{"type":"string"}}},"$defs":{"Step":{"type":"object","additionalProperties":false,"required":["id","expect"],"properties":{"id":{"type":"string","minLength":1,"maxLength":200,"pattern":"\\S"},"run":{"type":"array","minItems":1,"items":{"type":"string"}},"worker":{"type":"string","minLength":1,"maxLength":4096,"pattern":"\\S"},"note":{"type":"string"},"stdin":{"type":"string","minLength":1,"maxLength":4096,"pattern":"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"},"expect":{"$ref":"#/$defs/Expectation"}}},"Expectation":{"type":"object","additionalProperties":false,"required":["exit"],"properties":{"exit":{"type":"integer"},"stdout_contains":{"type":"array","items":{"type":"string"}},"stdout_not_contains":{"type":"array","items":{"type":"string"}},"files_exist":{"type":"array","items":{"type":"string","maxLength":4096,"pattern":"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"}},"files_contain":{"type":"object","additionalProperties":{"type":"array","items":{"type":"string"}},"propertyNames":{"maxLength":4096,"pattern":"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"}}}}}};
const schema101 = {"type":"object","additionalProperties":false,"required":["id","expect"],"properties":{"id":{"type":"string","minLength":1,"maxLength":200,"pattern":"\\S"},"run":{"type":"array","minItems":1,"items":{"type":"string"}},"worker":{"type":"string","minLength":1,"maxLength":4096,"pattern":"\\S"},"note":{"type":"string"},"stdin":{"type":"string","minLength":1,"maxLength":4096,"pattern":"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"},"expect":{"$ref":"#/$defs/Expectation"}}};
const schema102 = {"type":"object","additionalProperties":false,"required":["exit"],"properties":{"exit":{"type":"integer"},"stdout_contains":{"type":"array","items":{"type":"string"}},"stdout_not_contains":{"type":"array","items":{"type":"string"}},"files_exist":{"type":"array","items":{"type":"string","maxLength":4096,"pattern":"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"}},"files_contain":{"type":"object","additionalProperties":{"type":"array","items":{"type":"string"}},"propertyNames":{"maxLength":4096,"pattern":"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"}}}};

function validate47(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate47.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.expect === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "expect"},message:"must have required property '"+"expect"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "id") || (key0 === "run")) || (key0 === "worker")) || (key0 === "note")) || (key0 === "stdin")) || (key0 === "expect"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(func1(data0) > 200){
const err3 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func1(data0) < 1){
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!pattern109.test(data0)){
const err5 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.run !== undefined){
let data1 = data.run;
if(Array.isArray(data1)){
if(data1.length < 1){
const err7 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
if(typeof data1[i0] !== "string"){
const err8 = {instancePath:instancePath+"/run/" + i0,schemaPath:"#/properties/run/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.worker !== undefined){
let data3 = data.worker;
if(typeof data3 === "string"){
if(func1(data3) > 4096){
const err10 = {instancePath:instancePath+"/worker",schemaPath:"#/properties/worker/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(func1(data3) < 1){
const err11 = {instancePath:instancePath+"/worker",schemaPath:"#/properties/worker/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!pattern109.test(data3)){
const err12 = {instancePath:instancePath+"/worker",schemaPath:"#/properties/worker/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\""};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/worker",schemaPath:"#/properties/worker/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.note !== undefined){
if(typeof data.note !== "string"){
const err14 = {instancePath:instancePath+"/note",schemaPath:"#/properties/note/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.stdin !== undefined){
let data5 = data.stdin;
if(typeof data5 === "string"){
if(func1(data5) > 4096){
const err15 = {instancePath:instancePath+"/stdin",schemaPath:"#/properties/stdin/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(func1(data5) < 1){
const err16 = {instancePath:instancePath+"/stdin",schemaPath:"#/properties/stdin/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!pattern69.test(data5)){
const err17 = {instancePath:instancePath+"/stdin",schemaPath:"#/properties/stdin/pattern",keyword:"pattern",params:{pattern: "^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"},message:"must match pattern \""+"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/stdin",schemaPath:"#/properties/stdin/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.expect !== undefined){
let data6 = data.expect;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.exit === undefined){
const err19 = {instancePath:instancePath+"/expect",schemaPath:"#/$defs/Expectation/required",keyword:"required",params:{missingProperty: "exit"},message:"must have required property '"+"exit"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
for(const key1 in data6){
if(!(((((key1 === "exit") || (key1 === "stdout_contains")) || (key1 === "stdout_not_contains")) || (key1 === "files_exist")) || (key1 === "files_contain"))){
const err20 = {instancePath:instancePath+"/expect",schemaPath:"#/$defs/Expectation/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data6.exit !== undefined){
let data7 = data6.exit;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err21 = {instancePath:instancePath+"/expect/exit",schemaPath:"#/$defs/Expectation/properties/exit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data6.stdout_contains !== undefined){
let data8 = data6.stdout_contains;
if(Array.isArray(data8)){
const len1 = data8.length;
for(let i1=0; i1<len1; i1++){
if(typeof data8[i1] !== "string"){
const err22 = {instancePath:instancePath+"/expect/stdout_contains/" + i1,schemaPath:"#/$defs/Expectation/properties/stdout_contains/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/expect/stdout_contains",schemaPath:"#/$defs/Expectation/properties/stdout_contains/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data6.stdout_not_contains !== undefined){
let data10 = data6.stdout_not_contains;
if(Array.isArray(data10)){
const len2 = data10.length;
for(let i2=0; i2<len2; i2++){
if(typeof data10[i2] !== "string"){
const err24 = {instancePath:instancePath+"/expect/stdout_not_contains/" + i2,schemaPath:"#/$defs/Expectation/properties/stdout_not_contains/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/expect/stdout_not_contains",schemaPath:"#/$defs/Expectation/properties/stdout_not_contains/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data6.files_exist !== undefined){
let data12 = data6.files_exist;
if(Array.isArray(data12)){
const len3 = data12.length;
for(let i3=0; i3<len3; i3++){
let data13 = data12[i3];
if(typeof data13 === "string"){
if(func1(data13) > 4096){
const err26 = {instancePath:instancePath+"/expect/files_exist/" + i3,schemaPath:"#/$defs/Expectation/properties/files_exist/items/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(!pattern69.test(data13)){
const err27 = {instancePath:instancePath+"/expect/files_exist/" + i3,schemaPath:"#/$defs/Expectation/properties/files_exist/items/pattern",keyword:"pattern",params:{pattern: "^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"},message:"must match pattern \""+"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/expect/files_exist/" + i3,schemaPath:"#/$defs/Expectation/properties/files_exist/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/expect/files_exist",schemaPath:"#/$defs/Expectation/properties/files_exist/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data6.files_contain !== undefined){
let data14 = data6.files_contain;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
for(const key2 in data14){
const _errs34 = errors;
if(typeof key2 === "string"){
if(func1(key2) > 4096){
const err30 = {instancePath:instancePath+"/expect/files_contain",schemaPath:"#/$defs/Expectation/properties/files_contain/propertyNames/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters",propertyName:key2};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(!pattern69.test(key2)){
const err31 = {instancePath:instancePath+"/expect/files_contain",schemaPath:"#/$defs/Expectation/properties/files_contain/propertyNames/pattern",keyword:"pattern",params:{pattern: "^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"},message:"must match pattern \""+"^(?![\\\\/])(?![A-Za-z]:)(?!~(?:[\\\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\\s\\S]*[\\\\/])?\\.\\.?(?:[\\\\/]|$))(?![\\s\\S]*[\\\\/][\\\\/])[^\\u0000]+$"+"\"",propertyName:key2};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
var valid11 = _errs34 === errors;
if(!valid11){
const err32 = {instancePath:instancePath+"/expect/files_contain",schemaPath:"#/$defs/Expectation/properties/files_contain/propertyNames",keyword:"propertyNames",params:{propertyName: key2},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
for(const key3 in data14){
let data15 = data14[key3];
if(Array.isArray(data15)){
const len4 = data15.length;
for(let i4=0; i4<len4; i4++){
if(typeof data15[i4] !== "string"){
const err33 = {instancePath:instancePath+"/expect/files_contain/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i4,schemaPath:"#/$defs/Expectation/properties/files_contain/additionalProperties/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/expect/files_contain/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/Expectation/properties/files_contain/additionalProperties/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/expect/files_contain",schemaPath:"#/$defs/Expectation/properties/files_contain/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/expect",schemaPath:"#/$defs/Expectation/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
validate47.errors = vErrors;
return errors === 0;
}
validate47.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate46(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/use-case-scenario.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate46.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.setup === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "setup"},message:"must have required property '"+"setup"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.steps === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "steps"},message:"must have required property '"+"steps"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "setup") || (key0 === "given")) || (key0 === "steps")) || (key0 === "then"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.setup !== undefined){
let data0 = data.setup;
if(typeof data0 === "string"){
if(func1(data0) > 64){
const err3 = {instancePath:instancePath+"/setup",schemaPath:"#/properties/setup/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!pattern23.test(data0)){
const err4 = {instancePath:instancePath+"/setup",schemaPath:"#/properties/setup/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/setup",schemaPath:"#/properties/setup/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.given !== undefined){
let data1 = data.given;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
if(typeof data1[i0] !== "string"){
const err6 = {instancePath:instancePath+"/given/" + i0,schemaPath:"#/properties/given/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath:instancePath+"/given",schemaPath:"#/properties/given/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.steps !== undefined){
let data3 = data.steps;
if(Array.isArray(data3)){
if(data3.length < 1){
const err8 = {instancePath:instancePath+"/steps",schemaPath:"#/properties/steps/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const len1 = data3.length;
for(let i1=0; i1<len1; i1++){
if(!(validate47(data3[i1], {instancePath:instancePath+"/steps/" + i1,parentData:data3,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate47.errors : vErrors.concat(validate47.errors);
errors = vErrors.length;
}
}
}
else {
const err9 = {instancePath:instancePath+"/steps",schemaPath:"#/properties/steps/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.then !== undefined){
let data5 = data.then;
if(Array.isArray(data5)){
const len2 = data5.length;
for(let i2=0; i2<len2; i2++){
if(typeof data5[i2] !== "string"){
const err10 = {instancePath:instancePath+"/then/" + i2,schemaPath:"#/properties/then/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath:instancePath+"/then",schemaPath:"#/properties/then/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate46.errors = vErrors;
return errors === 0;
}
validate46.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const knowledgeCandidate = validate49;
const schema103 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/knowledge-candidate.v1.schema.json","type":"object","additionalProperties":false,"required":["id","kind","status","title","date","episode","evidence"],"properties":{"id":{"type":"string","pattern":"^[a-z]+-([a-z0-9-]+-)?[0-9a-f]{10}$","maxLength":128},"kind":{"enum":["decision","answer","outcome"]},"status":{"const":"candidate"},"title":{"type":"string","minLength":1},"date":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$","maxLength":10},"episode":{"type":"string","pattern":"^s-[0-9]{8,14}-[0-9a-f]{4,}$","maxLength":64},"task":{"type":"string"},"evidence":{"type":"array","minItems":1,"items":{"type":"string"}}}};
const pattern117 = new RegExp("^[a-z]+-([a-z0-9-]+-)?[0-9a-f]{10}$", "u");
const pattern118 = new RegExp("^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "u");
const pattern119 = new RegExp("^s-[0-9]{8,14}-[0-9a-f]{4,}$", "u");

function validate49(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/knowledge-candidate.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate49.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.kind === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.status === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.title === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.date === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "date"},message:"must have required property '"+"date"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.episode === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "episode"},message:"must have required property '"+"episode"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.evidence === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "evidence"},message:"must have required property '"+"evidence"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "id") || (key0 === "kind")) || (key0 === "status")) || (key0 === "title")) || (key0 === "date")) || (key0 === "episode")) || (key0 === "task")) || (key0 === "evidence"))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(func1(data0) > 128){
const err8 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 128},message:"must NOT have more than 128 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!pattern117.test(data0)){
const err9 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z]+-([a-z0-9-]+-)?[0-9a-f]{10}$"},message:"must match pattern \""+"^[a-z]+-([a-z0-9-]+-)?[0-9a-f]{10}$"+"\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.kind !== undefined){
let data1 = data.kind;
if(!(((data1 === "decision") || (data1 === "answer")) || (data1 === "outcome"))){
const err11 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: schema103.properties.kind.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.status !== undefined){
if("candidate" !== data.status){
const err12 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/const",keyword:"const",params:{allowedValue: "candidate"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.title !== undefined){
let data3 = data.title;
if(typeof data3 === "string"){
if(func1(data3) < 1){
const err13 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.date !== undefined){
let data4 = data.date;
if(typeof data4 === "string"){
if(func1(data4) > 10){
const err15 = {instancePath:instancePath+"/date",schemaPath:"#/properties/date/maxLength",keyword:"maxLength",params:{limit: 10},message:"must NOT have more than 10 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(!pattern118.test(data4)){
const err16 = {instancePath:instancePath+"/date",schemaPath:"#/properties/date/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"+"\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/date",schemaPath:"#/properties/date/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.episode !== undefined){
let data5 = data.episode;
if(typeof data5 === "string"){
if(func1(data5) > 64){
const err18 = {instancePath:instancePath+"/episode",schemaPath:"#/properties/episode/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(!pattern119.test(data5)){
const err19 = {instancePath:instancePath+"/episode",schemaPath:"#/properties/episode/pattern",keyword:"pattern",params:{pattern: "^s-[0-9]{8,14}-[0-9a-f]{4,}$"},message:"must match pattern \""+"^s-[0-9]{8,14}-[0-9a-f]{4,}$"+"\""};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/episode",schemaPath:"#/properties/episode/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.task !== undefined){
if(typeof data.task !== "string"){
const err21 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.evidence !== undefined){
let data7 = data.evidence;
if(Array.isArray(data7)){
if(data7.length < 1){
const err22 = {instancePath:instancePath+"/evidence",schemaPath:"#/properties/evidence/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
if(typeof data7[i0] !== "string"){
const err23 = {instancePath:instancePath+"/evidence/" + i0,schemaPath:"#/properties/evidence/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath:instancePath+"/evidence",schemaPath:"#/properties/evidence/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
validate49.errors = vErrors;
return errors === 0;
}
validate49.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const context = validate50;
const schema104 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/context.v1.schema.json","type":"object","additionalProperties":false,"required":["schema","id","kind","title","description","status","scope","providers","audience","composition","order"],"properties":{"schema":{"const":"context/v1"},"id":{"type":"string","maxLength":128,"pattern":"^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)*$"},"kind":{"const":"context"},"title":{"type":"string","minLength":1,"maxLength":200},"description":{"type":"string","minLength":1,"maxLength":500},"status":{"type":"string","enum":["active","deprecated"]},"scope":{"type":"string","enum":["directory","subtree","explicit"]},"paths":{"type":"array","items":{"type":"string","minLength":1,"maxLength":512}},"providers":{"type":"array","minItems":1,"items":{"type":"string","maxLength":64,"pattern":"^(\\*|[a-z][a-z0-9-]*)$"},"uniqueItems":true},"audience":{"type":"array","minItems":1,"items":{"type":"string","enum":["human","agent"]},"uniqueItems":true},"composition":{"type":"string","enum":["extend","replace","final"]},"order":{"type":"integer","minimum":-1000000,"maximum":1000000},"supersedes":{"type":"array","items":{"type":"string","maxLength":128,"pattern":"^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)*$"},"uniqueItems":true},"tracks":{"type":"array","items":{"type":"string","minLength":1,"maxLength":512}},"children":{"type":"object","additionalProperties":false,"required":["require_contract"],"properties":{"require_contract":{"type":"boolean"},"exempt":{"type":"array","items":{"type":"string","minLength":1,"maxLength":512}}}}}};
const pattern120 = new RegExp("^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)*$", "u");
const pattern121 = new RegExp("^(\\*|[a-z][a-z0-9-]*)$", "u");

function validate50(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/context.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate50.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schema === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema"},message:"must have required property '"+"schema"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.kind === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.title === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.description === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "description"},message:"must have required property '"+"description"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.status === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.scope === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "scope"},message:"must have required property '"+"scope"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.providers === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "providers"},message:"must have required property '"+"providers"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.audience === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "audience"},message:"must have required property '"+"audience"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.composition === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "composition"},message:"must have required property '"+"composition"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.order === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "order"},message:"must have required property '"+"order"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema104.properties, key0))){
const err11 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.schema !== undefined){
if("context/v1" !== data.schema){
const err12 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/const",keyword:"const",params:{allowedValue: "context/v1"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.id !== undefined){
let data1 = data.id;
if(typeof data1 === "string"){
if(func1(data1) > 128){
const err13 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 128},message:"must NOT have more than 128 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!pattern120.test(data1)){
const err14 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)*$"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.kind !== undefined){
if("context" !== data.kind){
const err16 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "context"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.title !== undefined){
let data3 = data.title;
if(typeof data3 === "string"){
if(func1(data3) > 200){
const err17 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(func1(data3) < 1){
const err18 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.description !== undefined){
let data4 = data.description;
if(typeof data4 === "string"){
if(func1(data4) > 500){
const err20 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(func1(data4) < 1){
const err21 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.status !== undefined){
let data5 = data.status;
if(typeof data5 !== "string"){
const err23 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(!((data5 === "active") || (data5 === "deprecated"))){
const err24 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema104.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.scope !== undefined){
let data6 = data.scope;
if(typeof data6 !== "string"){
const err25 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(!(((data6 === "directory") || (data6 === "subtree")) || (data6 === "explicit"))){
const err26 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/enum",keyword:"enum",params:{allowedValues: schema104.properties.scope.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.paths !== undefined){
let data7 = data.paths;
if(Array.isArray(data7)){
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
let data8 = data7[i0];
if(typeof data8 === "string"){
if(func1(data8) > 512){
const err27 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/properties/paths/items/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(func1(data8) < 1){
const err28 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/properties/paths/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/properties/paths/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/paths",schemaPath:"#/properties/paths/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.providers !== undefined){
let data9 = data.providers;
if(Array.isArray(data9)){
if(data9.length < 1){
const err31 = {instancePath:instancePath+"/providers",schemaPath:"#/properties/providers/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
const len1 = data9.length;
for(let i1=0; i1<len1; i1++){
let data10 = data9[i1];
if(typeof data10 === "string"){
if(func1(data10) > 64){
const err32 = {instancePath:instancePath+"/providers/" + i1,schemaPath:"#/properties/providers/items/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(!pattern121.test(data10)){
const err33 = {instancePath:instancePath+"/providers/" + i1,schemaPath:"#/properties/providers/items/pattern",keyword:"pattern",params:{pattern: "^(\\*|[a-z][a-z0-9-]*)$"},message:"must match pattern \""+"^(\\*|[a-z][a-z0-9-]*)$"+"\""};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/providers/" + i1,schemaPath:"#/properties/providers/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
let i2 = data9.length;
let j0;
if(i2 > 1){
const indices0 = {};
for(;i2--;){
let item0 = data9[i2];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err35 = {instancePath:instancePath+"/providers",schemaPath:"#/properties/providers/uniqueItems",keyword:"uniqueItems",params:{i: i2, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i2+" are identical)"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
break;
}
indices0[item0] = i2;
}
}
}
else {
const err36 = {instancePath:instancePath+"/providers",schemaPath:"#/properties/providers/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.audience !== undefined){
let data11 = data.audience;
if(Array.isArray(data11)){
if(data11.length < 1){
const err37 = {instancePath:instancePath+"/audience",schemaPath:"#/properties/audience/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
const len2 = data11.length;
for(let i3=0; i3<len2; i3++){
let data12 = data11[i3];
if(typeof data12 !== "string"){
const err38 = {instancePath:instancePath+"/audience/" + i3,schemaPath:"#/properties/audience/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(!((data12 === "human") || (data12 === "agent"))){
const err39 = {instancePath:instancePath+"/audience/" + i3,schemaPath:"#/properties/audience/items/enum",keyword:"enum",params:{allowedValues: schema104.properties.audience.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
let i4 = data11.length;
let j1;
if(i4 > 1){
const indices1 = {};
for(;i4--;){
let item1 = data11[i4];
if(typeof item1 !== "string"){
continue;
}
if(typeof indices1[item1] == "number"){
j1 = indices1[item1];
const err40 = {instancePath:instancePath+"/audience",schemaPath:"#/properties/audience/uniqueItems",keyword:"uniqueItems",params:{i: i4, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i4+" are identical)"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
break;
}
indices1[item1] = i4;
}
}
}
else {
const err41 = {instancePath:instancePath+"/audience",schemaPath:"#/properties/audience/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.composition !== undefined){
let data13 = data.composition;
if(typeof data13 !== "string"){
const err42 = {instancePath:instancePath+"/composition",schemaPath:"#/properties/composition/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if(!(((data13 === "extend") || (data13 === "replace")) || (data13 === "final"))){
const err43 = {instancePath:instancePath+"/composition",schemaPath:"#/properties/composition/enum",keyword:"enum",params:{allowedValues: schema104.properties.composition.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.order !== undefined){
let data14 = data.order;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err44 = {instancePath:instancePath+"/order",schemaPath:"#/properties/order/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 > 1000000 || isNaN(data14)){
const err45 = {instancePath:instancePath+"/order",schemaPath:"#/properties/order/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000},message:"must be <= 1000000"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(data14 < -1000000 || isNaN(data14)){
const err46 = {instancePath:instancePath+"/order",schemaPath:"#/properties/order/minimum",keyword:"minimum",params:{comparison: ">=", limit: -1000000},message:"must be >= -1000000"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
if(data.supersedes !== undefined){
let data15 = data.supersedes;
if(Array.isArray(data15)){
const len3 = data15.length;
for(let i5=0; i5<len3; i5++){
let data16 = data15[i5];
if(typeof data16 === "string"){
if(func1(data16) > 128){
const err47 = {instancePath:instancePath+"/supersedes/" + i5,schemaPath:"#/properties/supersedes/items/maxLength",keyword:"maxLength",params:{limit: 128},message:"must NOT have more than 128 characters"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(!pattern120.test(data16)){
const err48 = {instancePath:instancePath+"/supersedes/" + i5,schemaPath:"#/properties/supersedes/items/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)*$"+"\""};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
else {
const err49 = {instancePath:instancePath+"/supersedes/" + i5,schemaPath:"#/properties/supersedes/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
let i6 = data15.length;
let j2;
if(i6 > 1){
const indices2 = {};
for(;i6--;){
let item2 = data15[i6];
if(typeof item2 !== "string"){
continue;
}
if(typeof indices2[item2] == "number"){
j2 = indices2[item2];
const err50 = {instancePath:instancePath+"/supersedes",schemaPath:"#/properties/supersedes/uniqueItems",keyword:"uniqueItems",params:{i: i6, j: j2},message:"must NOT have duplicate items (items ## "+j2+" and "+i6+" are identical)"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
break;
}
indices2[item2] = i6;
}
}
}
else {
const err51 = {instancePath:instancePath+"/supersedes",schemaPath:"#/properties/supersedes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.tracks !== undefined){
let data17 = data.tracks;
if(Array.isArray(data17)){
const len4 = data17.length;
for(let i7=0; i7<len4; i7++){
let data18 = data17[i7];
if(typeof data18 === "string"){
if(func1(data18) > 512){
const err52 = {instancePath:instancePath+"/tracks/" + i7,schemaPath:"#/properties/tracks/items/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(func1(data18) < 1){
const err53 = {instancePath:instancePath+"/tracks/" + i7,schemaPath:"#/properties/tracks/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/tracks/" + i7,schemaPath:"#/properties/tracks/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
}
else {
const err55 = {instancePath:instancePath+"/tracks",schemaPath:"#/properties/tracks/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data.children !== undefined){
let data19 = data.children;
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.require_contract === undefined){
const err56 = {instancePath:instancePath+"/children",schemaPath:"#/properties/children/required",keyword:"required",params:{missingProperty: "require_contract"},message:"must have required property '"+"require_contract"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
for(const key1 in data19){
if(!((key1 === "require_contract") || (key1 === "exempt"))){
const err57 = {instancePath:instancePath+"/children",schemaPath:"#/properties/children/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data19.require_contract !== undefined){
if(typeof data19.require_contract !== "boolean"){
const err58 = {instancePath:instancePath+"/children/require_contract",schemaPath:"#/properties/children/properties/require_contract/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data19.exempt !== undefined){
let data21 = data19.exempt;
if(Array.isArray(data21)){
const len5 = data21.length;
for(let i8=0; i8<len5; i8++){
let data22 = data21[i8];
if(typeof data22 === "string"){
if(func1(data22) > 512){
const err59 = {instancePath:instancePath+"/children/exempt/" + i8,schemaPath:"#/properties/children/properties/exempt/items/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(func1(data22) < 1){
const err60 = {instancePath:instancePath+"/children/exempt/" + i8,schemaPath:"#/properties/children/properties/exempt/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
else {
const err61 = {instancePath:instancePath+"/children/exempt/" + i8,schemaPath:"#/properties/children/properties/exempt/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
else {
const err62 = {instancePath:instancePath+"/children/exempt",schemaPath:"#/properties/children/properties/exempt/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
}
else {
const err63 = {instancePath:instancePath+"/children",schemaPath:"#/properties/children/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
else {
const err64 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
validate50.errors = vErrors;
return errors === 0;
}
validate50.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const prompt = validate51;
const schema105 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://majordomus.dev/schemas/prompt.v1.schema.json","type":"object","additionalProperties":false,"required":["schema","id","captured_at","provider","episode_link","repository_id","worktree_id","prompt_bytes","prompt_sha256","prompt"],"properties":{"schema":{"const":"majordomus.prompt/v1"},"id":{"type":"string","pattern":"^[0-9]{8}T[0-9]{6}Z--[0-9a-f]{16}$","maxLength":40},"captured_at":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$","maxLength":20},"provider":{"type":"string","pattern":"^[a-z0-9][a-z0-9-]{0,39}$","maxLength":40},"provider_session":{"type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$","maxLength":128},"episode_link":{"enum":["open","session-context","ledger","orphan","unlinked-legacy"]},"episode":{"type":"string","pattern":"^s-[0-9]{14}-[0-9a-f]{4}$","maxLength":32},"repository_id":{"type":"string","minLength":1},"worktree_id":{"type":"string","pattern":"^[0-9a-f]{16}$","maxLength":16},"branch":{"type":"string","minLength":1},"head":{"type":"string","pattern":"^[0-9a-f]{40}([0-9a-f]{24})?$","maxLength":64},"permission_mode":{"type":"string","pattern":"^[A-Za-z0-9_-]{1,40}$","maxLength":40},"redactions":{"type":"array","minItems":1,"items":{"type":"object","additionalProperties":false,"required":["kind","count"],"properties":{"kind":{"type":"string","pattern":"^[a-z0-9-]{1,40}$","maxLength":40},"count":{"type":"integer","minimum":1}}}},"prompt_bytes":{"type":"integer","minimum":0},"prompt_sha256":{"type":"string","pattern":"^[0-9a-f]{64}$","maxLength":64},"meta":{"type":"object","additionalProperties":false,"properties":{"parent":{"type":"string","pattern":"^[0-9]{8}T[0-9]{6}Z--[0-9a-f]{16}\\.json$","maxLength":45}}},"prompt":{"type":"string"}}};
const pattern123 = new RegExp("^[0-9]{8}T[0-9]{6}Z--[0-9a-f]{16}$", "u");
const pattern125 = new RegExp("^[a-z0-9][a-z0-9-]{0,39}$", "u");
const pattern128 = new RegExp("^[0-9a-f]{16}$", "u");
const pattern130 = new RegExp("^[A-Za-z0-9_-]{1,40}$", "u");
const pattern131 = new RegExp("^[a-z0-9-]{1,40}$", "u");
const pattern133 = new RegExp("^[0-9]{8}T[0-9]{6}Z--[0-9a-f]{16}\\.json$", "u");

function validate51(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://majordomus.dev/schemas/prompt.v1.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate51.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schema === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema"},message:"must have required property '"+"schema"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.captured_at === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "captured_at"},message:"must have required property '"+"captured_at"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.provider === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "provider"},message:"must have required property '"+"provider"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.episode_link === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "episode_link"},message:"must have required property '"+"episode_link"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.repository_id === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "repository_id"},message:"must have required property '"+"repository_id"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.worktree_id === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "worktree_id"},message:"must have required property '"+"worktree_id"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.prompt_bytes === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "prompt_bytes"},message:"must have required property '"+"prompt_bytes"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.prompt_sha256 === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "prompt_sha256"},message:"must have required property '"+"prompt_sha256"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.prompt === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "prompt"},message:"must have required property '"+"prompt"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema105.properties, key0))){
const err10 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.schema !== undefined){
if("majordomus.prompt/v1" !== data.schema){
const err11 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/const",keyword:"const",params:{allowedValue: "majordomus.prompt/v1"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.id !== undefined){
let data1 = data.id;
if(typeof data1 === "string"){
if(func1(data1) > 40){
const err12 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 40},message:"must NOT have more than 40 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!pattern123.test(data1)){
const err13 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[0-9]{8}T[0-9]{6}Z--[0-9a-f]{16}$"},message:"must match pattern \""+"^[0-9]{8}T[0-9]{6}Z--[0-9a-f]{16}$"+"\""};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.captured_at !== undefined){
let data2 = data.captured_at;
if(typeof data2 === "string"){
if(func1(data2) > 20){
const err15 = {instancePath:instancePath+"/captured_at",schemaPath:"#/properties/captured_at/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(!pattern70.test(data2)){
const err16 = {instancePath:instancePath+"/captured_at",schemaPath:"#/properties/captured_at/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"+"\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/captured_at",schemaPath:"#/properties/captured_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.provider !== undefined){
let data3 = data.provider;
if(typeof data3 === "string"){
if(func1(data3) > 40){
const err18 = {instancePath:instancePath+"/provider",schemaPath:"#/properties/provider/maxLength",keyword:"maxLength",params:{limit: 40},message:"must NOT have more than 40 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(!pattern125.test(data3)){
const err19 = {instancePath:instancePath+"/provider",schemaPath:"#/properties/provider/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9-]{0,39}$"},message:"must match pattern \""+"^[a-z0-9][a-z0-9-]{0,39}$"+"\""};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/provider",schemaPath:"#/properties/provider/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.provider_session !== undefined){
let data4 = data.provider_session;
if(typeof data4 === "string"){
if(func1(data4) > 128){
const err21 = {instancePath:instancePath+"/provider_session",schemaPath:"#/properties/provider_session/maxLength",keyword:"maxLength",params:{limit: 128},message:"must NOT have more than 128 characters"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(!pattern98.test(data4)){
const err22 = {instancePath:instancePath+"/provider_session",schemaPath:"#/properties/provider_session/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"},message:"must match pattern \""+"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"+"\""};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/provider_session",schemaPath:"#/properties/provider_session/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.episode_link !== undefined){
let data5 = data.episode_link;
if(!(((((data5 === "open") || (data5 === "session-context")) || (data5 === "ledger")) || (data5 === "orphan")) || (data5 === "unlinked-legacy"))){
const err24 = {instancePath:instancePath+"/episode_link",schemaPath:"#/properties/episode_link/enum",keyword:"enum",params:{allowedValues: schema105.properties.episode_link.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.episode !== undefined){
let data6 = data.episode;
if(typeof data6 === "string"){
if(func1(data6) > 32){
const err25 = {instancePath:instancePath+"/episode",schemaPath:"#/properties/episode/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(!pattern84.test(data6)){
const err26 = {instancePath:instancePath+"/episode",schemaPath:"#/properties/episode/pattern",keyword:"pattern",params:{pattern: "^s-[0-9]{14}-[0-9a-f]{4}$"},message:"must match pattern \""+"^s-[0-9]{14}-[0-9a-f]{4}$"+"\""};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/episode",schemaPath:"#/properties/episode/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.repository_id !== undefined){
let data7 = data.repository_id;
if(typeof data7 === "string"){
if(func1(data7) < 1){
const err28 = {instancePath:instancePath+"/repository_id",schemaPath:"#/properties/repository_id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/repository_id",schemaPath:"#/properties/repository_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.worktree_id !== undefined){
let data8 = data.worktree_id;
if(typeof data8 === "string"){
if(func1(data8) > 16){
const err30 = {instancePath:instancePath+"/worktree_id",schemaPath:"#/properties/worktree_id/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(!pattern128.test(data8)){
const err31 = {instancePath:instancePath+"/worktree_id",schemaPath:"#/properties/worktree_id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{16}$"},message:"must match pattern \""+"^[0-9a-f]{16}$"+"\""};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/worktree_id",schemaPath:"#/properties/worktree_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.branch !== undefined){
let data9 = data.branch;
if(typeof data9 === "string"){
if(func1(data9) < 1){
const err33 = {instancePath:instancePath+"/branch",schemaPath:"#/properties/branch/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/branch",schemaPath:"#/properties/branch/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.head !== undefined){
let data10 = data.head;
if(typeof data10 === "string"){
if(func1(data10) > 64){
const err35 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(!pattern72.test(data10)){
const err36 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$"},message:"must match pattern \""+"^[0-9a-f]{40}([0-9a-f]{24})?$"+"\""};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.permission_mode !== undefined){
let data11 = data.permission_mode;
if(typeof data11 === "string"){
if(func1(data11) > 40){
const err38 = {instancePath:instancePath+"/permission_mode",schemaPath:"#/properties/permission_mode/maxLength",keyword:"maxLength",params:{limit: 40},message:"must NOT have more than 40 characters"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(!pattern130.test(data11)){
const err39 = {instancePath:instancePath+"/permission_mode",schemaPath:"#/properties/permission_mode/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_-]{1,40}$"},message:"must match pattern \""+"^[A-Za-z0-9_-]{1,40}$"+"\""};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
else {
const err40 = {instancePath:instancePath+"/permission_mode",schemaPath:"#/properties/permission_mode/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.redactions !== undefined){
let data12 = data.redactions;
if(Array.isArray(data12)){
if(data12.length < 1){
const err41 = {instancePath:instancePath+"/redactions",schemaPath:"#/properties/redactions/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
const len0 = data12.length;
for(let i0=0; i0<len0; i0++){
let data13 = data12[i0];
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.kind === undefined){
const err42 = {instancePath:instancePath+"/redactions/" + i0,schemaPath:"#/properties/redactions/items/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if(data13.count === undefined){
const err43 = {instancePath:instancePath+"/redactions/" + i0,schemaPath:"#/properties/redactions/items/required",keyword:"required",params:{missingProperty: "count"},message:"must have required property '"+"count"+"'"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
for(const key1 in data13){
if(!((key1 === "kind") || (key1 === "count"))){
const err44 = {instancePath:instancePath+"/redactions/" + i0,schemaPath:"#/properties/redactions/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data13.kind !== undefined){
let data14 = data13.kind;
if(typeof data14 === "string"){
if(func1(data14) > 40){
const err45 = {instancePath:instancePath+"/redactions/" + i0+"/kind",schemaPath:"#/properties/redactions/items/properties/kind/maxLength",keyword:"maxLength",params:{limit: 40},message:"must NOT have more than 40 characters"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(!pattern131.test(data14)){
const err46 = {instancePath:instancePath+"/redactions/" + i0+"/kind",schemaPath:"#/properties/redactions/items/properties/kind/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9-]{1,40}$"},message:"must match pattern \""+"^[a-z0-9-]{1,40}$"+"\""};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
else {
const err47 = {instancePath:instancePath+"/redactions/" + i0+"/kind",schemaPath:"#/properties/redactions/items/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data13.count !== undefined){
let data15 = data13.count;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err48 = {instancePath:instancePath+"/redactions/" + i0+"/count",schemaPath:"#/properties/redactions/items/properties/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 < 1 || isNaN(data15)){
const err49 = {instancePath:instancePath+"/redactions/" + i0+"/count",schemaPath:"#/properties/redactions/items/properties/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
}
else {
const err50 = {instancePath:instancePath+"/redactions/" + i0,schemaPath:"#/properties/redactions/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
else {
const err51 = {instancePath:instancePath+"/redactions",schemaPath:"#/properties/redactions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.prompt_bytes !== undefined){
let data16 = data.prompt_bytes;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err52 = {instancePath:instancePath+"/prompt_bytes",schemaPath:"#/properties/prompt_bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
const err53 = {instancePath:instancePath+"/prompt_bytes",schemaPath:"#/properties/prompt_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
if(data.prompt_sha256 !== undefined){
let data17 = data.prompt_sha256;
if(typeof data17 === "string"){
if(func1(data17) > 64){
const err54 = {instancePath:instancePath+"/prompt_sha256",schemaPath:"#/properties/prompt_sha256/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(!pattern55.test(data17)){
const err55 = {instancePath:instancePath+"/prompt_sha256",schemaPath:"#/properties/prompt_sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/prompt_sha256",schemaPath:"#/properties/prompt_sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data.meta !== undefined){
let data18 = data.meta;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
for(const key2 in data18){
if(!(key2 === "parent")){
const err57 = {instancePath:instancePath+"/meta",schemaPath:"#/properties/meta/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data18.parent !== undefined){
let data19 = data18.parent;
if(typeof data19 === "string"){
if(func1(data19) > 45){
const err58 = {instancePath:instancePath+"/meta/parent",schemaPath:"#/properties/meta/properties/parent/maxLength",keyword:"maxLength",params:{limit: 45},message:"must NOT have more than 45 characters"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if(!pattern133.test(data19)){
const err59 = {instancePath:instancePath+"/meta/parent",schemaPath:"#/properties/meta/properties/parent/pattern",keyword:"pattern",params:{pattern: "^[0-9]{8}T[0-9]{6}Z--[0-9a-f]{16}\\.json$"},message:"must match pattern \""+"^[0-9]{8}T[0-9]{6}Z--[0-9a-f]{16}\\.json$"+"\""};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
else {
const err60 = {instancePath:instancePath+"/meta/parent",schemaPath:"#/properties/meta/properties/parent/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
else {
const err61 = {instancePath:instancePath+"/meta",schemaPath:"#/properties/meta/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data.prompt !== undefined){
if(typeof data.prompt !== "string"){
const err62 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
}
else {
const err63 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
validate51.errors = vErrors;
return errors === 0;
}
validate51.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

/** The precompiled validator of each kind, by kind name. */
export const schemaValidators = Object.freeze({ manifest: manifest, policy: policy, profile: profile, scope: scope, rule: rule, 'rule-package': rulePackage, pack: pack, task: task, events: events, 'knowledge-sources': knowledgeSources, telemetry: telemetry, 'session-record': sessionRecord, session: session, 'session-context': sessionContext, handover: handover, 'use-case': useCase, 'use-case-scenario': useCaseScenario, 'knowledge-candidate': knowledgeCandidate, context: context, prompt: prompt });
