// todo lists are a feature of this app; TODOS is a type name
export type TODOS = string[];
