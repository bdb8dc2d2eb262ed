console.log("0.1.0");
