/** The one row holding the secret that signs the mails' links to design pictures (design-picture-link.ts). */
export interface DesignPictureKeyTable {
  id: number;
  secret: string;
}

declare module '../db/schema' {
  interface Database {
    design_picture_key: DesignPictureKeyTable;
  }
}
