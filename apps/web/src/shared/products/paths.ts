/** Where the products screens live (route names of spec §2; a product opens on AIRocketReg with ?product=id). */
export const productPath = (id: string) => `/AIRocketReg?product=${encodeURIComponent(id)}`;
export const regProductPath = (ids: string[] = []) =>
  ids.length ? `/regproduct?ids=${ids.map(encodeURIComponent).join(',')}` : '/regproduct';
export const importPath = '/addproduct';
export const registrationPath = '/AIRocketReg';
