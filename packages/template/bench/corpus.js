// Assembles the fidelity corpus: public Squarespace template files (.block, .list, .item, .region) from public
// GitHub repositories, written to bench/.corpus/<owner>__<repo>/<path> at the commit listed here.
//
//   node bench/corpus.js            # fetch what is missing (needs access to raw.githubusercontent.com)
//   node bench/corpus.js --list     # print the manifest and which files are present
//   node bench/corpus.js --from <file>  # take files from a JSON-lines file of {repo, path, text} rows
//                                       # (fetched some other way), for the listed rows only
//
// The files are third-party code: they stay out of the repository (bench/.gitignore ignores .corpus/), and
// only this list of where they come from is committed. The list holds the templates of Squarespace's own
// open-source template frameworks and of site repositories found by searching public code for site.region
// and collection templates. Add a row to grow the corpus; bench/fidelity.js renders whatever is there.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpusDir = path.join(here, '.corpus');

export const MANIFEST = [
  { repo: 'Squarespace/bureau-framework', commit: 'b74987e80959f1ddc69ded2aaaddf3f0f83370a3', path: 'collections/blog.list' },
  { repo: 'Squarespace/bureau-framework', commit: 'b74987e80959f1ddc69ded2aaaddf3f0f83370a3', path: 'blocks/meta.block' },
  { repo: 'Squarespace/bureau-framework', commit: 'b74987e80959f1ddc69ded2aaaddf3f0f83370a3', path: 'blocks/author.block' },
  { repo: 'Squarespace/bureau-framework', commit: '6b2f423d0f19b17dcc076360e597e2e5f115a00f', path: 'site.region' },
  { repo: 'Squarespace/endeavor-framework', commit: 'd83a7a5ea6ad6899325b13fdbce1b280e9e5cab0', path: 'collections/gallery.list' },
  { repo: 'Squarespace/endeavor-framework', commit: 'd83a7a5ea6ad6899325b13fdbce1b280e9e5cab0', path: 'blocks/index.block' },
  { repo: 'Squarespace/doncab-framework', commit: '785670057977e80467876ea317752b9602556144', path: 'collections/project.list' },
  { repo: 'Squarespace/doncab-framework', commit: '785670057977e80467876ea317752b9602556144', path: 'blocks/project-banner.block' },
  { repo: 'Squarespace/endeavor-framework', commit: 'd83a7a5ea6ad6899325b13fdbce1b280e9e5cab0', path: 'blocks/index-collection-image.block' },
  { repo: 'Squarespace/wright-framework', commit: '11f1c52b996f0a7ffe513722adc7ab7fc09554cb', path: 'collections/index.list' },
  { repo: 'Squarespace/wright-framework', commit: '11f1c52b996f0a7ffe513722adc7ab7fc09554cb', path: 'blocks/header-nav.block' },
  { repo: 'Squarespace/wright-framework', commit: 'd7b65c8ce2c8b332b6b1979746d700a4bcac0439', path: 'blocks/mobile-nav-folder.block' },
  { repo: 'Squarespace/wright-framework', commit: '11f1c52b996f0a7ffe513722adc7ab7fc09554cb', path: 'blocks/background-media.block' },
  { repo: 'Squarefront/squarespace-events-collection-boilerplate', commit: '463a1ec3e49a72659c248849fe565b8e00e3fe3a', path: 'collections/events.list' },
  { repo: 'Squarespace/wright-framework', commit: '11f1c52b996f0a7ffe513722adc7ab7fc09554cb', path: 'blocks/footer.block' },
  { repo: 'Squarespace/wright-framework', commit: '11f1c52b996f0a7ffe513722adc7ab7fc09554cb', path: 'blocks/intro.block' },
  { repo: 'Squarespace/wright-framework', commit: '11f1c52b996f0a7ffe513722adc7ab7fc09554cb', path: 'blocks/mobile-nav.block' },
  { repo: 'Squarespace/bureau-framework', commit: 'b74987e80959f1ddc69ded2aaaddf3f0f83370a3', path: 'collections/blog.item' },
  { repo: 'Squarespace/endeavor-framework', commit: 'd83a7a5ea6ad6899325b13fdbce1b280e9e5cab0', path: 'blocks/main-navigation.block' },
  { repo: 'Squarespace/doncab-framework', commit: '785670057977e80467876ea317752b9602556144', path: 'blocks/page-banner.block' },
  { repo: 'MechanicalHuman/hnp-squarespace-template', commit: '3251b093d6bdd14d9be76c6f3afee9cc34b3d0c7', path: 'src/collections/archive.list' },
  { repo: 'MechanicalHuman/hnp-squarespace-template', commit: '3251b093d6bdd14d9be76c6f3afee9cc34b3d0c7', path: 'src/blocks/thumbnails.block' },
  { repo: 'phantomdullbooth/fort-york-squarespace-template', commit: 'e46af842de3e146b6cda1d448dfc9e7e4411a7c4', path: 'collections/products.list' },
  { repo: 'phantomdullbooth/fort-york-squarespace-template', commit: '0e35ed68de392fd6a2cf5c9aae7fc9dbd16e03c4', path: 'blocks/socialnav.block' },
  { repo: 'Squarespace/endeavor-framework', commit: 'd83a7a5ea6ad6899325b13fdbce1b280e9e5cab0', path: 'blocks/cart-icon.block' },
  { repo: 'Squarespace/endeavor-framework', commit: 'd83a7a5ea6ad6899325b13fdbce1b280e9e5cab0', path: 'blocks/index-navigation.block' },
  { repo: 'Squarespace/doncab-framework', commit: '785670057977e80467876ea317752b9602556144', path: 'blocks/category-slugs.block' },
  { repo: 'Squarespace/doncab-framework', commit: '785670057977e80467876ea317752b9602556144', path: 'blocks/mobile-primary-nav.block' },
  { repo: 'MESH-Dev/Repast', commit: '4854176a8968e54cec91e48b6eb1ad8df58c731b', path: 'collections/index.list' },
  { repo: 'MESH-Dev/Repast', commit: '4854176a8968e54cec91e48b6eb1ad8df58c731b', path: 'site.region' },
  { repo: 'CALeDNA/caledna-squarespace', commit: '93992285dc29f9c34fdebe82e9969c4608759aea', path: 'collections/blog.list' },
  { repo: 'CALeDNA/caledna-squarespace', commit: '93992285dc29f9c34fdebe82e9969c4608759aea', path: 'collections/blog.item' },
  { repo: 'CALeDNA/caledna-squarespace', commit: '93992285dc29f9c34fdebe82e9969c4608759aea', path: 'site.region' },
  { repo: 'CALeDNA/caledna-squarespace', commit: '93992285dc29f9c34fdebe82e9969c4608759aea', path: 'collections/index.list' },
  { repo: 'IngenuityDesign/butler', commit: 'a3e00e5aa433f814b6bec7b0c17d010fc968a31a', path: 'site.region' },
  { repo: 'IngenuityDesign/butler', commit: '8e6e530498f38de10401152c901ee183f557ef3f', path: 'collections/questions.list' },
  { repo: 'IngenuityDesign/butler', commit: 'b6113d480f73449b0de00cc226dab99b51f1a55a', path: 'collections/tour.list' },
  { repo: 'DIESELHAUS/cef', commit: '154f23b735c23d4dbe69e7dd7b226c81786d4dd4', path: 'site.region' },
  { repo: 'DIESELHAUS/cef', commit: '5779551cb46b83c84585ad2faf123d8d8c7b1bb9', path: 'blocks/events.block' },
  { repo: 'DIESELHAUS/cef', commit: '9994337235ddc0fb12ab675787b80643fe2faa2f', path: 'collections/get-involved.list' },
  { repo: 'Danjohnsonnj/todws', commit: '981b2bc7f82c2e42c90a59678d6b472b995a2cdf', path: 'site.region' },
  { repo: 'Danjohnsonnj/todws', commit: '6b2c548fd0088b5cbfe42c25d886d8383fde4221', path: 'collections/blog.list' },
  { repo: 'Danjohnsonnj/todws', commit: '3e4e6fcc735019802c5e95b64cfad412389ba267', path: 'collections/blog.item' },
  { repo: 'Danjohnsonnj/todws', commit: '3e4e6fcc735019802c5e95b64cfad412389ba267', path: 'blocks/blog-list-grid.block' },
  { repo: 'LeahAngle/Marketing2014', commit: '521f7ac86b90993558081a1b729340e6bed2e876', path: 'site.region' },
  { repo: 'LeahAngle/Marketing2014', commit: '806fda9d11a04a7d0f856e08e397b35483055778', path: 'collections/blog.list' },
  { repo: 'FoundryMakes/foundrymakes-squarespace', commit: 'f1ae24ee77d489210fbc6915ba5e05439a093a37', path: 'collections/careers.list' },
  { repo: 'FoundryMakes/foundrymakes-squarespace', commit: '207f7667ed7e747fdf09ffdb6abc61494cb35977', path: 'collections/projects.item' },
  { repo: 'FoundryMakes/foundrymakes-squarespace', commit: 'f198019ee7e9577329037beee06acb5e5df3a104', path: 'site.region' },
  { repo: 'FoundryMakes/foundrymakes-squarespace', commit: 'a9df6aa961068f076a8beff4e2aaf9c617709461', path: 'collections/blog.list' },
  { repo: 'BlindRenaissance/Pollen-SQS-Online-Store', commit: '91f1facdaf9cd65bb2a4a28292ea7ce136a95992', path: 'site.region' },
  { repo: 'BlindRenaissance/Pollen-SQS-Online-Store', commit: 'aebb3a47c13a386d5fd9044d36c415e6985fe230', path: 'collections/index.list' },
  { repo: 'LeahAngle/Marketing2014', commit: '37abff5b0737e50630990b3523f5035f21099762', path: 'collections/blog.item' },
  { repo: 'DIESELHAUS/cef', commit: '83d696d1c955d72a75be87917eab8497b32d6614', path: 'blocks/impactstories.block' },
  { repo: 'Chair-8/jdavis', commit: 'f6f8da2844c85489bb1581e2826e92f5528b3047', path: 'site.region' },
  { repo: 'Chair-8/jdavis', commit: 'f1fe2f19d30897b3535ac6e8d12fd56f52a5e804', path: 'collections/portfolio.list' },
  { repo: 'Chair-8/jdavis', commit: '7ff17d11878e8661f7b30739e3afb73f0d59edb5', path: 'collections/portfolio.item' },
  { repo: 'Chair-8/jdavis', commit: '8b26b45f6d9383f5866631fad51b700d90996896', path: 'collections/pastPortfolio.list' },
  { repo: 'McLukke/AVEConcept', commit: '04f5b7b75be00e5784af1e9352cc207097372555', path: 'site.region' },
  { repo: 'McLukke/AVEConcept', commit: '6d3a61b3a65e925eb374a73e4f073e68be8b8295', path: 'collections/products.list' },
  { repo: 'JeffersonAllen/interstateMedical', commit: 'e263b03e631d3731060d2c3cf9d91e3680e03a30', path: 'site.region' },
  { repo: 'JeffersonAllen/interstateMedical', commit: 'e263b03e631d3731060d2c3cf9d91e3680e03a30', path: 'blog.list' },
  { repo: 'JeffersonAllen/interstateMedical', commit: 'e263b03e631d3731060d2c3cf9d91e3680e03a30', path: 'index.list' },
  { repo: 'JeffersonAllen/interstateMedical', commit: 'e263b03e631d3731060d2c3cf9d91e3680e03a30', path: 'blog.item' },
  { repo: 'IngenuityDesign/butler', commit: 'd357baf50a07224b4fe8d1f1e56f57d6271e700a', path: 'collections/slideshow.list' },
  { repo: 'McLukke/AVEConcept', commit: 'cecf1627536c891e2fa9f712979ab5ecf925427c', path: 'collections/blog.list' },
  { repo: 'AimHighPDX/ma-website', commit: '02975e424164d2237a0fa93c3a54337ae2f16ac2', path: 'site.region' },
  { repo: 'MichaelMele/Squarespace-Dev-Theme', commit: '7de32fbf7af97bf0b6ac8305a8f15ab9fed2e08a', path: 'site.region' },
  { repo: 'Jodennewman/ClashWebsite', commit: '27899ef2d9ea360702e730f5f6e4303df5580c95', path: 'site.region' },
  { repo: 'Monichre/squarespace-backup', commit: '34b4ecc7c90af32dbca189e101466e50b3e0936c', path: 'site.region' },
  { repo: 'Gabrea/The-Stile-List-Live', commit: '09b9e2727a7d0cc62576658dc2db4673d3b50cb7', path: 'site.region' },
  { repo: 'Coderrob/simply-taylor', commit: '658acc2d682d581f95af59a60a4629e2f541ee02', path: 'site.region' },
  { repo: 'CitizenDeveloper/squarespace-site', commit: '9e4cecae20e047e06f8427412bb2b262ae09f6a4', path: 'site.region' },
  { repo: 'AndreFelipeRibeiro/portfolio-2017', commit: '1cb98680c8040773dae1f2b5cc0c92fbc5de05ef', path: 'site.region' },
  { repo: 'EverestLabs-Marketing/EverestLabs', commit: '1b5f662f83d6b6d978a2272da3fce843854c144f', path: 'site.region' },
  { repo: 'MichaelGries/secretroom', commit: '7d8151c9092344a30dab41223eb605c1868264f7', path: 'site.region' },
  { repo: 'KevinSanji/personal_theme', commit: '291ed06f318b92409344608747bd5ca9c7f90472', path: 'site.region' },
  { repo: 'Eldron81/biberarthouse', commit: '1b95c1a876bdff30f8ed25ff1237ab5bcbb5055f', path: 'site.region' },
  { repo: 'AndreFelipeRibeiro/portfolio-2017', commit: '1cb98680c8040773dae1f2b5cc0c92fbc5de05ef', path: 'blocks/_html-begin.block' },
  { repo: 'AndreFelipeRibeiro/portfolio-2017', commit: '650b1fed797224181161f3076a75fa9801a35195', path: 'blocks/cover-gallery.block' },
  { repo: 'AndreFelipeRibeiro/portfolio-2017', commit: '4cb07d28aa7eda4b4e42c85e5307fc4ac8b52117', path: 'blocks/project-detail/gallery.block' },
  { repo: 'kitajchuk/struck-sqs', commit: '86c8fc248f4583cf0fcb3346ee8052e5cff4445b', path: 'collections/blog.list' },
  { repo: 'jmarquis/hatteras', commit: 'b3c5da574eff9c06f9a4d17696567ec6044d1f23', path: 'collections/blog.list' },
  { repo: 'taylorkmho/moku-site', commit: '8c523cac56118264f4d46a0a35d49d30c164a899', path: 'blocks/navigation.block' },
  { repo: 'PRX/www.radiotopia.fm', commit: '036c3148918f9470d0fc438b0cc05449f4a3a905', path: 'collections/blog.list' },
  { repo: 'kitajchuk/struck-sqs', commit: '86c8fc248f4583cf0fcb3346ee8052e5cff4445b', path: 'blocks/page-news.block' },
  { repo: 'kitajchuk/struck-sqs', commit: 'f71d2b77c8e39b7d6852b83f2515f7e779a65786', path: 'blocks/item-news.block' },
  { repo: 'kitajchuk/struck-sqs', commit: '65d77a9f53d8fae617969fb9d87abbf13169a3cf', path: 'site.region' },
  { repo: 'jmarquis/hatteras', commit: '49d93fedfff9c26af0b9989080bd4f73c91e9660', path: 'blocks/blog-post.block' },
  { repo: 'jmarquis/hatteras', commit: '49d93fedfff9c26af0b9989080bd4f73c91e9660', path: 'collections/index.list' },
  { repo: 'jmarquis/hatteras', commit: 'd2d178425f5fa58cd9b1bd08bc314f6a21e712bb', path: 'site.region' },
  { repo: 'squarestudio/20ftradio', commit: '806597728736447368f04af90a64255cbecc35b8', path: 'collections/blog.item' },
  { repo: 'squarestudio/20ftradio', commit: 'e726696b501a54db313be01fe133bd2217615ad2', path: 'blocks/featured-video.block' },
  { repo: 'phillipmalboeuf/shore', commit: '523ca2ed3da8550176545bc86272cfba116716fc', path: 'blocks/track.block' },
  { repo: 'phillipmalboeuf/shore', commit: '5fdac4bde830dae8260a2437dd2c398e871af990', path: 'collections/tracks.list' },
  { repo: 'phillipmalboeuf/shore', commit: '1d5ac790789f2038f996f36ee0db069a4b33e085', path: 'site.region' },
  { repo: 'squarestudio/20ftradio', commit: 'a59101d5f9ae7565fb379c21475ba1f6a5c0b020', path: 'collections/wall-index.list' },
  { repo: 'ryanleichty/citieschurch', commit: 'c9a72b8682b691a13bb74b381b50f501ca137006', path: 'collections/leadership.list' },
  { repo: 'ryanleichty/citieschurch', commit: '7a568002952b12677c2e3ae292fa854582b7bc71', path: 'collections/quarterly.list' },
  { repo: 'ryanleichty/citieschurch', commit: '20e1c7413608f4fc07fbd96c40abb915d1a543fd', path: 'blocks/navigation.block' },
  { repo: 'ScottPolhemus/Langate', commit: 'c2e7858b89be68ec42be6cd3e982339d30ec74d8', path: 'collections/work.list' },
  { repo: 'ScottPolhemus/Langate', commit: '982fdd25464ad26f924bf67453d46948a3332d28', path: 'collections/services.item' },
  { repo: 'ScottPolhemus/Langate', commit: 'f13e9c243c98213adafd45e83adb2f800b59bb9b', path: 'blocks/work-list.block' },
  { repo: 'ScottPolhemus/Langate', commit: '66bcd89e06fbab37ab6bca391d0e44f0c8fb4160', path: 'blocks/service-collection.block' },
  { repo: 'saraamote/suspendmag.com', commit: '419e31a76c849bf528be23a52c950085d5d362a3', path: 'site.region' },
  { repo: 'saraamote/suspendmag.com', commit: 'd00b3449a4b008a7b81b2de3d211f7ef1e4e62d2', path: 'blocks/navigation.block' },
  { repo: 'OneHunnid/pineapple', commit: 'd9b5e6ad4687012e0b03a39967a60a9e812b3f63', path: 'site.region' },
  { repo: 'thedodus/thedodus.com', commit: '4e1d35d43f62afd1cc4411f19776264cf252a0bf', path: 'blocks/navigation.block' },
  { repo: 'WhiteWolfWebsites/Sqs-Adagio', commit: '2deb8a8a5f34112bed09fbcec05c88ab3b9d5674', path: 'blocks/navigation.block' },
  { repo: 'rsterbin/stmv-sqsp-template', commit: '09f2819437397d33b9b9b6c83733ba90abae4012', path: 'blocks/navigation.block' },
  { repo: 'thedodus/thedodus.com', commit: '4e1d35d43f62afd1cc4411f19776264cf252a0bf', path: 'site.region' },
  { repo: 'PRX/corporate.prx.org', commit: '99f8d7b3d3d8d5aa850e23ce9889cdd9c585893a', path: 'site.region' },
  { repo: 'rivercitychicago/rivercitychicago.com', commit: '17ea988082cc5e5b4ee1586bb9237bf1eeb52743', path: 'blocks/navigation.block' },
  { repo: 'taylorkmho/moku-site', commit: '1f73b8100f445508e36aa0fb9d6eae7f6953a0bf', path: 'site.region' },
  { repo: 'ryangozum/telepictures-squarespace', commit: '3da5c0704150e54f688830917b227f6ff60dc2be', path: 'blocks/navigation.block' },
  { repo: 'jovialis/TWSS-Megaphone', commit: '8a802cfad70908acab2b19c4eeec8b70f0939d24', path: 'blocks/navigation.block' },
  { repo: 'SmartWebstar/sqs-aria', commit: '601238eeac5e589e38c983987e3157266e0b6ee3', path: 'site.region' },
  { repo: 'jovialis/TWSS-Megaphone', commit: '8a9218d957b17aed60b882ccb7d045374afd48ad', path: 'collections/releases.item' },
  { repo: 'jovialis/TWSS-Megaphone', commit: '8a802cfad70908acab2b19c4eeec8b70f0939d24', path: 'collections/releases.list' },
  { repo: 'jovialis/TWSS-Megaphone', commit: '3bfabf038f5f9c4b7d4ea10d80bbba63d21d169a', path: 'blocks/navigation-left.block' },
  { repo: 'Think-Round-Inc/ThinkRound-Website', commit: '77fe4f6346a3bb08a70f95a13fc09e10e8c9dbb0', path: 'site.region' },
  { repo: 'squarestudio/20ftradio', commit: '1287421a6e833a3dfad154624a41f63218afe3d0', path: 'blocks/wall-slide-block.block' },
  { repo: 'ryanleichty/citieschurch', commit: '43c9f062ef7adb12236940248bb824b95ef619aa', path: 'collections/quarterly.item' },
  { repo: 'phillipmalboeuf/shore', commit: 'ba5c74cd4023c5117a36646bce4725c789bba8f4', path: 'collections/index.list' },
  { repo: 'saraamote/suspendmag.com', commit: '869afca4a238be52902d4d7152d20af9e1129931', path: 'collections/blog.item' },
  { repo: 'riyazshaikh/template-kitchen', commit: '42f6319ba4933defc87ad83e006df6209f3acd2f', path: 'blocks/nav-category.block' },
  { repo: 'riyazshaikh/template-kitchen', commit: '72e2b455e59db5c6d91c55b58ddf75777dd2acb7', path: 'blocks/dynamic-summary.block' },
  { repo: 'riyazshaikh/template-kitchen', commit: '6dbf6426abadfd9d0a4f2c7bfaa40e73bcaa515a', path: 'collections/blog-support.list' },
  { repo: 'riyazshaikh/template-kitchen', commit: '39c78e1cc0e1d98ba886a647130e78fa45625267', path: 'pages/test.page' },
  { repo: 'h1media/wallops2', commit: 'f1c34bbbe971ab73a0305a4bb90c7f1593c79df0', path: 'collections/prod.list' },
  { repo: 'h1media/wallops2', commit: '89ed96c39330b65cb495dd47256116c8fbabddc5', path: 'collections/prod.item' },
  { repo: 'h1media/wallops2', commit: '46f8dd6f8ed9886a368dccadbaaca9c8c97a672a', path: 'site.region' },
  { repo: 'saraamote/suspendmag.com', commit: '2b2b7d912af4b797d3f48bbadd4f35ed71774550', path: 'collections/blog.list' },
  { repo: 'h1media/wallops2', commit: '19da04ebe732e6752f365bad1d3e57e5aa40f535', path: 'blocks/navigation.block' },
  { repo: 'EVONROSE/evonrose-website', commit: 'ea4243004f9abb39f68b373420499a702182daa5', path: 'collections/events.list' },
  { repo: 'EVONROSE/evonrose-website', commit: '3126b2c9931ab92b2391c49612212d02da2e9658', path: 'collections/events.item' },
  { repo: 'PRX/www.radiotopia.fm', commit: '78eec8f54932f971781d5007382a6bf6f7b6a65e', path: 'collections/events.item' },
  { repo: 'Squarefront/squarespace-events-collection-boilerplate', commit: '463a1ec3e49a72659c248849fe565b8e00e3fe3a', path: 'collections/events.item' },
  { repo: 'codey-sudo/squarespace', commit: 'fca42595a1f558041a280854f0ab1f120f3525ef', path: 'collections/events.list' },
  { repo: 'designelixir/Radius-Channels-Website', commit: '74e4606a4fdf2bfd6b7e44e782308b4b3609e59e', path: 'collections/events.list' },
  { repo: 'leialee31/townhall', commit: '89fb6a0b145d3095d6bd7614773278441ac37e1d', path: 'collections/events.list' },
  { repo: 'squarestudio/20ftradio', commit: 'eb1c8724814cb0a312b01a30a211b44f338da4d7', path: 'collections/events.list' },
  { repo: 'taylorkmho/moku-site', commit: 'df97df55549abf44191e99239eb12bcf49a80175', path: 'collections/events.list' },
  { repo: 'tbalding/tlb-mint', commit: '3633e2d715c8a1a37eb5b81a10b57275491a07df', path: 'collections/events.item' },
  { repo: 'tiaaoake/basement-theatre', commit: '1efd429a9cb501cec0d321edec3364f0d521a81a', path: 'collections/events.list' },
  { repo: 'tiaaoake/basement-theatre', commit: '2612c5ffddd2c9daa58358c59fb23b986cbb2662', path: 'collections/events.item' },
  { repo: 'ChBoler/fadstir', commit: 'f621eb856f7d880c4e4d2d0d040603d41b2c6d66', path: 'collections/products.list' },
  { repo: 'ChBoler/fadstir', commit: 'f621eb856f7d880c4e4d2d0d040603d41b2c6d66', path: 'collections/products.item' },
  { repo: 'FluxOpenHome/fluxopenhome-website', commit: '22ca682fdd3d28938bd10340199d45a3f61db79f', path: 'collections/products.list' },
  { repo: 'FluxOpenHome/fluxopenhome-website', commit: '22ca682fdd3d28938bd10340199d45a3f61db79f', path: 'collections/products.item' },
  { repo: 'McLukke/AVEConcept', commit: '5e9d392a49a5e926f5306759e4f163a7260a5a75', path: 'collections/products.item' },
  { repo: 'Jgrobe/Liveat930', commit: 'ca722b3016a1b51cafc304e7098a0f03e1a2f0ba', path: 'collections/products.list' },
  { repo: 'Squarefront/squarespace-products-collection-boilerplate', commit: '6b8f648417485628cef8f49a3566bef384713c37', path: 'collections/products.list' },
  { repo: 'arham-maker/alton-chocolates-squarespace', commit: '878c8398222275f46b7ac7201a906aa973c00e0f', path: 'collections/products.item' },
  { repo: 'calebmichaelsanchez/abtg-build', commit: 'e1b7017d4b9f133acef55ebd4f47b5e2133775a1', path: 'collections/events.list' },
  { repo: 'foragekitchen/forage-kitchen-squarespace-theme', commit: '47c391ef843f752c9e52bd05f6646c0e66f8c165', path: 'collections/products.list' },
  { repo: 'houghtoncreative/home-designs-by-marcy', commit: '12b8fa569b91b314f154eedc3a02a9cd34003c0a', path: 'collections/products.item' },
  { repo: 'kitajchuk/boxen', commit: '0bf400c26e3082365484eeeec98a54baee61fc74', path: 'collections/products.list' },
  { repo: 'kitajchuk/garberco-sqs', commit: 'b1521734a11dbbc0e6488878cd351ea234932fa7', path: 'collections/products.item' },
  { repo: 'larsrose/AF-squarespace-theme', commit: '7add1f2f626803071e05d48bb312009738bae9ad', path: 'collections/products.list' },
  { repo: 'junlin-deem/deemjournal-sqs', commit: '30ab9b40535d93e8e30ba3739e5103792caa8d8c', path: 'collections/products.item' },
  { repo: 'riyazshaikh/template-kitchen', commit: '67d41b3b74764504ac3e256bbf52d32bfc1648af', path: 'collections/products.item' },
  { repo: 'maggielouie/11ravens', commit: '26555b542029f29126d88a322b7d744839d01098', path: 'collections/products.list' },
  { repo: 'proll/asentpreence-template', commit: 'ba2e99f78e5c6ebebc67c2238c71c8ee2b305c19', path: 'collections/products.list' },
  { repo: 'tableflip/lois', commit: '4430ba65e13114ddadc98cacb8d798c837556355', path: 'collections/products.list' },
  { repo: 'thisdesign/baldface-sqs', commit: '89092fe8ebb931c4e126ba85baef7e9bc07fd286', path: 'collections/events.item' },
  { repo: 'virtusdesigns/dpnicoli', commit: '53bf5c00388a034c680e5cb87d54be9d7b1607b0', path: 'collections/events.list' },
  { repo: 'fruitblindness/sunangel-squarespace-template', commit: 'a5fa0d04242c43c044f4c2eb6521f38f911e4517', path: 'collections/products.item' },
  { repo: 'CodeMorrow/mia-planner-squarespace', commit: '36f8937923e21da5b05fdd5bef4a202c36bdeddd', path: 'collections/products.item' },
  { repo: 'ninapavlich/fiftydresses-squarespace', commit: '5b0176e125ced6cecd401adb47ff05b78a0684f4', path: 'collections/products.item' },
  { repo: 'designelixir/Radius-Channels-Website', commit: '5f15bd55daecf01cd004769fcb3a6f9db51cc14a', path: 'collections/events.item' },
  { repo: 'isobelroe/base-template', commit: '250d275adab82462f5fc8b4fffc58da62b51ee10', path: 'collections/events.list' },
  { repo: 'FluxOpenHome/fluxopenhome-website', commit: '22ca682fdd3d28938bd10340199d45a3f61db79f', path: 'site.region' },
  { repo: 'ChBoler/fadstir', commit: 'f621eb856f7d880c4e4d2d0d040603d41b2c6d66', path: 'site.region' },
  { repo: 'PRX/www.radiotopia.fm', commit: '7bccb8ddebf7aef422c0f30423418c2b13453d0c', path: 'site.region' },
  { repo: 'virtusdesigns/dpnicoli', commit: '97c9f333efa87b3ee99838daff8fff19f65c7c3b', path: 'collections/products.item' },
  { repo: 'codey-sudo/squarespace', commit: 'cb23bf839c41a819679a6ed9ec2f0dea6ae73ab1', path: 'collections/events.item' },
  { repo: 'leialee31/townhall', commit: '27e9d240a7fd026a98b81ff866b6ff062ca82538', path: 'collections/events.item' },
  { repo: 'kitajchuk/thecircuitgym-sqs-boxen', commit: 'e986b5e981c6d392af272865c3a3f41e8f575f08', path: 'collections/products.item' },
  { repo: 'lleigha/gavin-browning', commit: 'b6fd38f7d5754235d42f8171d942513bf5cc2c1b', path: 'collections/products.list' },
  { repo: 'tableflip/lois', commit: 'f5fe2fd43c719fb63f0126a73bb4f35fa090ad55', path: 'collections/products.item' },
  { repo: 'larsrose/AF-squarespace-theme', commit: '6bd52fc7e63d3d7fbabb2fb47f860abc13cd7498', path: 'collections/products.item' },
  { repo: '11Ravens/https-elevenravens.squarespace.com-template', commit: '3bbe59a436ea92548c214622b674f142741db785', path: 'collections/products.item' },
  { repo: 'tbalding/tlb-mint', commit: '3633e2d715c8a1a37eb5b81a10b57275491a07df', path: 'collections/events.list' },
  { repo: 'thisdesign/baldface-sqs', commit: '843c97a314bff1924b39217ab9167a62d2730432', path: 'collections/products.list' },
  { repo: 'tuhinbhuiyan/Squarespace-Base', commit: '0f61fe14a75642c5f5ef7943bf14b9ae01e9e30c', path: 'collections/products.item' },
  { repo: 'tableflip/lois', commit: '965fe678a568f0dc028959feb74e08377d04c6ef', path: 'site.region' },
  { repo: 'leialee31/townhall', commit: '0665d59125d43d9ef752b7fa36d2e39879255370', path: 'site.region' },
  { repo: 'riyazshaikh/template-kitchen', commit: '02f55246d4496e147f2c15886015cd4e54e7bc51', path: 'site.region' },
  { repo: 'proll/asentpreence-template', commit: '0e297da9dd2a2cbcfdc3e83d6bf38f22da1f704d', path: 'site.region' },
  { repo: 'designelixir/Radius-Channels-Website', commit: '0e0a258fb560833eae8cf1cc3bc907688a95f9cb', path: 'site.region' },
  { repo: 'codey-sudo/squarespace', commit: '08287b6929dacde12ddac0b6428c65e0f59abd24', path: 'site.region' },
  { repo: 'lleigha/gavin-browning', commit: '39604505d10db366ac7a69499f8fec6dd8fc58a4', path: 'site.region' },
  { repo: 'kitajchuk/garberco-sqs', commit: 'b1521734a11dbbc0e6488878cd351ea234932fa7', path: 'collections/products.list' },
  { repo: 'Squarespace/base-template', commit: 'c2dc9d4479467425dea55edb951736d5b00acb29', path: 'collections/blog.list' },
  { repo: 'kitajchuk/boxen', commit: '7ca128e26e3836036af0523973fdf60f76c76c71', path: 'collections/blog.list' },
  { repo: 'OneHunnid/maeve-template', commit: 'fc33773f1c56ac13010d2dd41a6f3276b03a30c7', path: 'collections/blog.list' },
  { repo: 'thisdesign/baldface-sqs', commit: '99424bdfc62fbd0553a2445938524ed8c8d2541d', path: 'collections/gallery.list' },
  { repo: 'keeffEoghan/yonder-site', commit: 'b2d251d632a9954816aac9dd8c0c6de2d691c7b6', path: 'collections/gallery.list' },
  { repo: 'studio-chakra/brett-parker.squarespace.com', commit: '7c26959c9ced4f1d9288ec6fbb1de9a4d24a111a', path: 'collections/gallery.list' },
  { repo: 'Squarespace/base-template-npm', commit: '8af8553a3452b4733bb8360abc6f8b1516c79212', path: 'collections/gallery.list' },
  { repo: 'thisdesign/baldface-sqs', commit: '3b7f43d2ce6b3fe81ddcc84232042d18dbc947db', path: 'blocks/feed.block' },
  { repo: 'thisdesign/baldface-sqs', commit: '1d92345712351faefc920c245b5f9d486b5a9082', path: 'blocks/gallery.block' },
  { repo: 'kitajchuk/boxen', commit: '10ee8efb6f09b216186eec1ba632f298816e9642', path: 'blocks/story-list.block' },
  { repo: 'studio-chakra/brett-parker.squarespace.com', commit: '468bc65c3603cc063c9885c453e935f48d48aa82', path: 'site.region' },
  { repo: 'kitajchuk/garberco-sqs', commit: '82c8b70431ed9a7d22db1e465b21b25facf3a53a', path: 'collections/index.list' },
  { repo: 'thismarioperez/boltsandfeathers-sqs', commit: '72917130e914c99efa397a7d227a4405f768a00e', path: 'collections/index.list' },
  { repo: 'richardwalander/scrl-squarespace-template', commit: '2411d66fc419575a0125be7aede337757d4ac7e4', path: 'collections/index.list' },
  { repo: 'kitajchuk/garberco-sqs', commit: '82c8b70431ed9a7d22db1e465b21b25facf3a53a', path: 'blocks/image.block' },
  { repo: 'thismarioperez/boltsandfeathers-sqs', commit: '04dbe19c5b8eed1b7209bd67f52423e8bb18b96a', path: 'blocks/_banner.block' },
  { repo: 'thismarioperez/boltsandfeathers-sqs', commit: '0869c71af5773fc4b8c8dbf828fd2ffe9933ffa6', path: 'site.region' },
  { repo: 'richardwalander/scrl-squarespace-template', commit: '2411d66fc419575a0125be7aede337757d4ac7e4', path: 'site.region' },
  { repo: 'ScottPolhemus/Langate', commit: '55112bd87bfe2d05dd515e3f90eca97870ae07d9', path: 'collections/blog.list' },
  { repo: 'ScottPolhemus/Langate', commit: '55112bd87bfe2d05dd515e3f90eca97870ae07d9', path: 'collections/blog.item' },
  { repo: 'kimispencer/suited-magazine', commit: '02cfc6d7c2c906469eaf6abd0952998e155289fd', path: 'collections/blog.list' },
  { repo: 'kimispencer/suited-magazine', commit: '07a77469bb7c63d6c85ae99936db421dd75aa86a', path: 'collections/blog.item' },
  { repo: 'ScottPolhemus/Langate', commit: '88d9d207e387b6ec3ceebc0ad6f37524cbfd29f1', path: 'blocks/blog-list.block' },
  { repo: 'junlin-deem/deemjournal-sqs', commit: '1a6aa730f776eed22791588733ed00507efb5780', path: 'collections/blog.list' },
  { repo: 'antievictionmappingproject/squarespace', commit: 'ae528c727c7595d1a5e1ed775538cc40d61d7713', path: 'collections/blog.list' },
  { repo: 'foragekitchen/forage-kitchen-squarespace-theme', commit: '47c391ef843f752c9e52bd05f6646c0e66f8c165', path: 'collections/gallery.list' },
  { repo: 'antievictionmappingproject/squarespace', commit: '613a56ba76a8be0a7c34fca57212e76f5148edcd', path: 'blocks/blog-carousel.block' },
  { repo: 'antievictionmappingproject/squarespace', commit: '3b5f7ca36c4f1daf7fec40502f0e98503b8dfe97', path: 'collections/blog.item' },
  { repo: 'junlin-deem/deemjournal-sqs', commit: '1a6aa730f776eed22791588733ed00507efb5780', path: 'collections/blog.item' },
  { repo: 'foragekitchen/forage-kitchen-squarespace-theme', commit: '47c391ef843f752c9e52bd05f6646c0e66f8c165', path: 'site.region' },
  { repo: 'kitajchuk/tabinohana-sqs', commit: 'c8a5244ace2e482cb2faac085d790d84b8ed8208', path: 'collections/gallery.list' },
  { repo: 'cbanowsky/squarefolio', commit: 'd73e73bb979915b69b23085f04255b420fc01b39', path: 'collections/gallery.list' },
  { repo: 'heartsash/halo', commit: '2d1e5541f5ddc1a3c6745ac658d1332cc0327a49', path: 'collections/index.list' },
  { repo: 'squarestudio/alchemy', commit: '3c17f067cdf81466d64cd4648ff3e0d97474814d', path: 'collections/index.list' },
  { repo: 'olletsoc/series-four-website', commit: 'b6abf84b77af706db82433ccd25797336c8931df', path: 'collections/index.list' },
  { repo: 'pruett/ocpacklife.com', commit: '2412fa2fd61517c13dae3440db6338c113ab7868', path: 'collections/index.list' },
  { repo: 'karlhepler/arrow-graph', commit: 'bee45db9dd91dc2c1a61929b26d691230e1f564c', path: 'collections/index.list' },
  { repo: 'rivercitychicago/rivercitychicago.com', commit: '5e3f6224d101ae449dab59864361ca8c4c0e6239', path: 'collections/index.list' },
  { repo: 'johngilesyoder/Dent', commit: 'c2d4e1c54f99a6500ca27c07eda0a16813c990f5', path: 'collections/blog.list' },
  { repo: 'calebmichaelsanchez/abtg-build', commit: '90372373e534111511c85a432462c6997fdc94ce', path: 'collections/blog.list' },
  { repo: 'blamcam/thecommonreader.squarespace.com', commit: '9b9266d8a0264e7e5f6ce5dec4eac38b9037fa97', path: 'collections/blog.list' },
  { repo: 'edisonw/Edisonwang.com-Squarespace-Template', commit: 'd117d9d5505ab0f05b837d29357e59116106c8ec', path: 'collections/blog.list' },
  { repo: 'blamcam/thecommonreader.squarespace.com', commit: '0b29f990cd57ff038be77070c6728697f46e19f8', path: 'blocks/blog-meta.block' },
  { repo: 'blamcam/thecommonreader.squarespace.com', commit: '1b2ab030edeed6a579d3993c915be291ae0423c9', path: 'collections/blog.item' },
  { repo: 'edisonw/Edisonwang.com-Squarespace-Template', commit: 'd117d9d5505ab0f05b837d29357e59116106c8ec', path: 'collections/blog.item' },
  { repo: 'calebmichaelsanchez/abtg-build', commit: '21e1daa714628b727262e8ca858a472bbd7ec522', path: 'collections/blog.item' },
  { repo: 'ericandoh/PWebsite', commit: 'f00d695c9475ec165cc299698dc45d1c6e6249f3', path: 'collections/gallery.list' },
  { repo: 'proll/asentpreence-template', commit: 'aa6eadc38e40f10ecd1e3613ff42b54cd5e53bda', path: 'collections/gallery.list' },
  { repo: 'thedodus/thedodus.com', commit: '4e1d35d43f62afd1cc4411f19776264cf252a0bf', path: 'collections/gallery.list' },
  { repo: 'Real-Currents/transformationalpractice.org', commit: '78f389d38b1ceb698676563ba5a30e08210bdcd1', path: 'collections/gallery.list' },
  { repo: 'siliconbleach/main', commit: 'd94386ffff24fac5c9c7b3825c8b5b03310b43fa', path: 'collections/gallery.list' },
  { repo: 'Squarefront/squarespace-index-collection-boilerplate', commit: 'e729ba161d093fb36d1e30709fe3255bc10259ec', path: 'collections/index.list' },
  { repo: 'mperez415/Index_Fade', commit: '5a32186105c88b8c02cc7b4fc7b6ba4d6f1cadd7', path: 'collections/index.list' },
  { repo: 'radargraph/SQSPClay', commit: '6b216cd9440d7a8c6b0bca1ab93278f70bfe3850', path: 'collections/index.list' },
  { repo: 'laura-andrea/home', commit: '8f5169521ce2c8e7f627c981adae58c49428577f', path: 'collections/index.list' },
  { repo: 'kentwill/wildrover', commit: '0edc99f190094700e057a639c2087ffdd13eaef2', path: 'collections/blog.list' },
  { repo: 'riyazshaikh/template-kitchen', commit: '747c8670c8cb8703486b102138d57d03d5fcbda4', path: 'collections/gallery.list' },
  { repo: 'larsrose/AF-squarespace-theme', commit: '610e9b2dcc78531b8356e23a62c7c3085614cc12', path: 'collections/blog.list' },
  { repo: 'kentwill/wildrover', commit: '0edc99f190094700e057a639c2087ffdd13eaef2', path: 'collections/blog.item' },
  { repo: 'larsrose/AF-squarespace-theme', commit: '610e9b2dcc78531b8356e23a62c7c3085614cc12', path: 'collections/blog.item' },
];

const target = (row) => path.join(corpusDir, row.repo.replace('/', '__'), row.path);

function importFrom(file) {
  const listed = new Map(MANIFEST.map((row) => [`${row.repo}/${row.path}`, row]));
  let written = 0;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const rec = JSON.parse(line);
    const row = listed.get(`${rec.repo}/${rec.path}`);
    if (row === undefined || typeof rec.text !== 'string') continue;
    fs.mkdirSync(path.dirname(target(row)), { recursive: true });
    fs.writeFileSync(target(row), rec.text);
    written++;
  }
  console.log(`corpus: ${written} written from ${file}, ${MANIFEST.length} listed, in ${corpusDir}`);
}

async function main() {
  const fromAt = process.argv.indexOf('--from');
  if (fromAt >= 0) {
    importFrom(process.argv[fromAt + 1]);
    return;
  }
  if (process.argv.includes('--list')) {
    for (const row of MANIFEST) console.log(`${fs.existsSync(target(row)) ? 'present' : 'missing'}  ${row.repo}@${row.commit.slice(0, 10)} ${row.path}`);
    return;
  }
  let fetched = 0;
  for (const row of MANIFEST) {
    const file = target(row);
    if (fs.existsSync(file)) continue;
    const url = `https://raw.githubusercontent.com/${row.repo}/${row.commit}/${row.path}`;
    const res = await fetch(url);
    if (!res.ok) {
      console.log(`${res.status} ${url}`);
      continue;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await res.text());
    fetched++;
  }
  console.log(`corpus: ${fetched} fetched, ${MANIFEST.length} listed, in ${corpusDir}`);
}

main().catch((e) => {
  console.error(`corpus: ${e.message}`);
  process.exitCode = 1;
});
