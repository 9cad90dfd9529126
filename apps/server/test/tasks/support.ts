// Product documents task tests start from (pure data: task tests run on fakes, no PostgreSQL).

/** A product as 1688 import leaves it: Chinese names, empty Korean names, prices in yuan. */
export function importedTshirt(): Record<string, unknown> {
  return {
    productName: '夏季纯棉短袖T恤女',
    subject: '夏季纯棉短袖T恤女',
    productNameTrans: '여름 순면 반팔 티셔츠 여성',
    attributes: [{ attributeName: '材质', value: '纯棉' }],
    detailImages: [],
    options: [
      {
        option1: { name: '白色', nameTrans: '화이트' },
        option2: { name: 'M', nameTrans: 'M' },
        korName: '',
        price: 10,
      },
      {
        option1: { name: '黑色', nameTrans: '블랙' },
        option2: { name: 'L', nameTrans: 'L' },
        korName: '',
        price: 20,
      },
    ],
  };
}
