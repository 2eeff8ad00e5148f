print("labelkit")
